import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, definePlugin, OPS_SECTION_POINT } from '@portal/plugin-api';
import { AUDIT, VIEWER_ME, type CannedAnswer, type CannedOps, renderConsole } from './testing';

/** Keys without a pause between them: the forms' texts are long and a loaded machine is slow. */
const user = userEvent.setup({ delay: null });

/** The console at /ops/audit (a viewer may read the log), with canned calls. */
async function show(answers: Record<string, CannedAnswer>, sections: Parameters<typeof renderConsole>[2] = []) {
  const { ops, ...result } = await renderConsole('/ops/audit', { 'GET /me': VIEWER_ME, ...answers }, sections);
  await screen.findByRole('heading', { name: 'Audit log' });
  return { ...result, ops };
}

const audits = (ops: CannedOps) => ops.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/audit')).map((c) => c.path);
const query = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
const rows = () => screen.getAllByRole('row').slice(1);

describe('the audit log', () => {
  it('shows each entry: who, what, on what, why and the change', async () => {
    const { ops } = await show({ 'GET /audit': { items: AUDIT, next: null } });
    await screen.findByText('Reads the dashboards');
    expect(audits(ops)).toEqual(['/audit']);
    expect(rows()).toHaveLength(3);
    const role = rows()[1]!;
    // The console's own actions in words, their id beside; a role by its name.
    expect(within(role).getByText('Changed a role')).toBeInTheDocument();
    expect(within(role).getByText('operator.role')).toBeInTheDocument();
    expect(within(role).getByText('operator:sam.support@vendor.example')).toBeInTheDocument();
    expect(within(role).getByText('Joins the help desk')).toBeInTheDocument();
    expect(role).toHaveTextContent('ana.admin@vendor.example (Admin)');
    expect(role).toHaveTextContent('{"role":"viewer"} → {"role":"support"}');
    // An entry with nothing before shows only what came after, with no arrow.
    expect(rows()[0]).toHaveTextContent('{"email":"vik.viewer@vendor.example","role":"viewer","status":"invited"}');
    expect(rows()[0]).not.toHaveTextContent('→');
    expect(rows()[2]).toHaveTextContent('The command line');
    expect(rows()[2]).not.toHaveTextContent('(cli)');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("names another section's actions in the words that section gives them, and an action no section names by its id", async () => {
    const section = definePlugin({
      id: 'audit-words',
      routes: [],
      register(ctx) {
        ctx.contribute(OPS_SECTION_POINT, { id: 'words', path: 'words', labelKey: 'ops-console:auditTitle', order: 99, needs: 'read', view: () => new Promise(() => undefined), auditActions: { 'words.said': 'ops-console:actionLabels.auditExport' } });
      },
    });
    const entry = AUDIT[0]!;
    await show({ 'GET /audit': { items: [{ ...entry, id: 'w1', action: 'words.said' }, { ...entry, id: 'w2', action: 'nobody.names' }], next: null } }, [section]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('Exported the audit log')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('words.said')).toBeInTheDocument();
    expect(within(rows()[1]!).getAllByText('nobody.names')).toHaveLength(2);
  });

  it('says when no entry matches', async () => {
    await show({ 'GET /audit': { items: [], next: null } });
    expect(await screen.findByText('No entries match these filters.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('builds the query from the filters: operator, target, and whole days', async () => {
    const { ops } = await show({ 'GET /audit': { items: AUDIT, next: null } });
    await screen.findByText('Reads the dashboards');
    await user.type(screen.getByLabelText(/^Operator/), ' ana.admin@vendor.example ');
    await user.type(screen.getByLabelText(/^Target starts with/), 'operator:');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(audits(ops)).toHaveLength(2));
    expect(audits(ops)[1]).toBe('/audit?actor=ana.admin%40vendor.example&target=operator%3A');
    expect(query(audits(ops)[1]!)).toEqual({ actor: 'ana.admin@vendor.example', target: 'operator:' });
    await screen.findByText('Reads the dashboards');
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '2026-11-28' } });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(audits(ops)).toHaveLength(3));
    expect(query(audits(ops)[2]!)).toEqual({
      actor: 'ana.admin@vendor.example',
      target: 'operator:',
      since: String(new Date(2026, 10, 1, 0, 0, 0, 0).getTime()),
      until: String(new Date(2026, 10, 28, 23, 59, 59, 999).getTime()),
    });
    expect(await screen.findByText('Reads the dashboards')).toBeInTheDocument();
  });

  it('"Filter" without a change reads the log again instead of loading for ever', async () => {
    const { ops } = await show({ 'GET /audit': { items: AUDIT, next: null } });
    await screen.findByText('Reads the dashboards');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Reads the dashboards')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
    await user.type(screen.getByLabelText(/^Operator/), 'ana');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('Reads the dashboards');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Reads the dashboards')).toBeInTheDocument();
    expect(audits(ops)).toEqual(['/audit', '/audit', '/audit?actor=ana', '/audit?actor=ana']);
  });

  it('"Show more" asks for the next page with its cursor and the filters, and appends it', async () => {
    const { ops } = await show({
      'GET /audit': { items: AUDIT.slice(0, 2), next: 'c-2' },
      'GET /audit?actor=ana': { items: AUDIT.slice(0, 2), next: 'c-2' },
      'GET /audit?actor=ana&cursor=c-2': { items: AUDIT.slice(2), next: null },
    });
    await screen.findByText('Joins the help desk');
    expect(rows()).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Operator/), 'ana');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('npm run ops:add-admin')).toBeInTheDocument();
    expect(audits(ops)).toEqual(['/audit', '/audit?actor=ana', '/audit?actor=ana&cursor=c-2']);
    expect(rows().map((r) => within(r).getAllByRole('cell')[4]!.textContent)).toEqual(['Reads the dashboards', 'Joins the help desk', 'npm run ops:add-admin']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('a failed load says so, and "Try again" reads the log again', async () => {
    let fail = true;
    const { ops } = await show({ 'GET /audit': () => (fail ? new ApiError(0, undefined, 0) : { items: AUDIT, next: null }) });
    expect(await screen.findByText('The console did not answer. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Reads the dashboards')).toBeInTheDocument();
    expect(screen.queryByText('The console did not answer. Check your connection and try again.')).toBeNull();
    expect(audits(ops)).toEqual(['/audit', '/audit']);
  });

  it('exports the filtered log as a JSON-lines file', async () => {
    // jsdom makes no object URLs and does not download: both are stand-ins here, put back after.
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    const createObjectURL = vi.fn((blob: Blob) => (blob.size > 0 ? 'blob:audit' : 'blob:empty'));
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const { ops } = await show({ 'GET /audit': { items: AUDIT, next: null }, 'GET /audit/export': AUDIT });
      await screen.findByText('Reads the dashboards');
      await user.type(screen.getByLabelText(/^Target starts with/), 'operator:');
      await user.click(screen.getByRole('button', { name: 'Filter' }));
      await screen.findByText('Reads the dashboards');
      await user.click(screen.getByRole('button', { name: 'Export (JSON lines)' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(audits(ops).at(-1)).toBe('/audit/export?target=operator%3A');
      const anchor = click.mock.contexts[0] as HTMLAnchorElement;
      expect(anchor.getAttribute('href')).toBe('blob:audit');
      expect(anchor.download).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.jsonl$/);
      expect(anchor.isConnected).toBe(false); // the kit's saveBlob: its URL is revoked once the download has the bytes (core/files/saveBlob.test.ts)
    } finally {
      Object.assign(URL, saved);
    }
  });
});
