/**
 * Shown when the deployment config or a plugin's config is invalid. i18n may not be up
 * yet, so the text is plain English; the detail names the plugin and field for operators.
 */
export function ConfigErrorScreen({ detail }: { detail: string }) {
  return (
    <main role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '10vh auto', padding: 24 }}>
      <h1 style={{ fontSize: 22 }}>This portal is not configured correctly</h1>
      <p>Ask your administrator to check the deployment config.</p>
      <pre style={{ whiteSpace: 'pre-wrap', background: '#f1f3f4', padding: 12, borderRadius: 8 }}>{detail}</pre>
    </main>
  );
}
