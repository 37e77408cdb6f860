import { useMemo, useRef, useState } from 'react';
import type { OpsClient } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { ConsoleContext, type ConsoleSession } from './consoleContext';
import { ConsoleShell } from './ConsoleShell';
import { OPS_CALLS as C, type OperatorMe } from './contract';

export interface SignedInConsoleProps {
  me: OperatorMe;
  ops: OpsClient;
  reload(): Promise<void>;
  signedOut(): void;
}

/**
 * The console once an operator is signed in: its sections and the confirmation of dangerous
 * actions. Loaded only then, and served only to a signed-in operator (the server refuses this
 * chunk to anyone else: `operatorAssets` of the plugin's server half).
 */
export default function SignedInConsole({ me, ops, reload, signedOut }: SignedInConsoleProps) {
  const [confirming, setConfirming] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const session = useMemo<ConsoleSession>(
    () => ({
      me,
      reload,
      confirm: () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setConfirming(true);
        }),
      async signOut() {
        await ops.call('POST', C.signOut).catch(() => undefined);
        signedOut();
      },
    }),
    [me, ops, reload, signedOut],
  );

  const done = (confirmed: boolean) => {
    setConfirming(false);
    settle.current?.(confirmed);
    settle.current = null;
    if (confirmed) void reload();
  };

  return (
    <ConsoleContext.Provider value={session}>
      <ConsoleShell />
      <ConfirmDialog me={me} open={confirming} onDone={done} />
    </ConsoleContext.Provider>
  );
}
