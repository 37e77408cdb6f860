import { Component, Suspense, type ErrorInfo, type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseBootShell } from '../app/BootShellRelease';
import { Button } from '../ui/Button';
import { LoadingImage } from '../ui/LoadingImage';

interface CatcherProps {
  pluginId: string;
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
}

class Catcher extends Component<CatcherProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Named after the plugin so an operator knows whose view broke.
    console.error(`[plugin:${this.props.pluginId}] view failed`, error.message, info.componentStack);
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

function BoundaryFallback({ pluginId, retry }: { pluginId: string; retry: () => void }) {
  const { t } = useTranslation('core');
  // A broken view on /login must not stay hidden under the login shell.
  useLayoutEffect(() => releaseBootShell(), []);
  return (
    <div role="alert" data-plugin-boundary={pluginId} css={{ padding: 24, textAlign: 'center' }}>
      <p>{t('boundary.failed', { plugin: pluginId })}</p>
      <Button onClick={retry}>{t('boundary.retry')}</Button>
    </div>
  );
}

/** Every plugin view renders inside one of these: a loading state and an error boundary named after the plugin. */
export function PluginBoundary({ pluginId, children }: { pluginId: string; children: ReactNode }) {
  return (
    <Catcher pluginId={pluginId} fallback={(retry) => <BoundaryFallback pluginId={pluginId} retry={retry} />}>
      <Suspense fallback={<LoadingImage />}>{children}</Suspense>
    </Catcher>
  );
}
