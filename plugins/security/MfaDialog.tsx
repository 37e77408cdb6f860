import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, Modal, translateDataKey } from '@portal/plugin-api';
import type { DialogProblem } from './mfaErrors';
import { Notice } from './parts';

/** The frame of the two-factor dialogs: a draggable modal with the problem above the body. */
export function MfaDialog({ title, problem, onClose, footer, children }: { title: string; problem: DialogProblem | null; onClose: () => void; footer: ReactNode; children: ReactNode }) {
  return (
    <Modal open title={title} onClose={onClose} footer={footer} maxWidth={480}>
      {problem && <ProblemNotice problem={problem} />}
      {children}
    </Modal>
  );
}

export function ProblemNotice({ problem }: { problem: DialogProblem }) {
  const { t } = useTranslation(['security', 'core']);
  const theme = useTheme();
  return (
    <div css={{ marginTop: theme.space(2) }}>
      <Notice kind={problem.kind} role="alert">
        {'error' in problem ? errorMessage(problem.error, t) : translateDataKey(t, problem.key, problem.values)}
      </Notice>
    </div>
  );
}
