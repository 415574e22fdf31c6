// Batches: each of the key's batches with its status, progress (lines done of all), counts, spend against its budget,
// and its output and error files to download; a batch in progress can be cancelled. The list refreshes while any runs.
import { api, fileUrl } from 'console/api';
import { h, notice, price, show, table } from 'console/ui';

const OPEN = new Set(['validating', 'in_progress', 'finalizing', 'cancelling']);
const REFRESH_MS = 5000;

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString() : '—';
}

function progress(b) {
  const c = b.request_counts || { total: 0, completed: 0, failed: 0 };
  const done = c.completed + c.failed;
  return h('div', { class: 'gauge' },
    h('div', { class: 'label' }, h('span', {}, `${done} of ${c.total} done`),
      h('span', {}, `${c.completed} succeeded · ${c.failed} failed`)),
    h('meter', { min: 0, max: Math.max(c.total, 1), value: done, 'aria-label': `Batch ${b.id}: ${done} of ${c.total} lines done` }));
}

function download(fileId, label) {
  if (!fileId) return null;
  const button = h('button', { type: 'button', class: 'secondary' }, label);
  button.onclick = async () => {
    button.disabled = true;
    try {
      const a = h('a', { href: await fileUrl(`/v1/files/${fileId}/content`), download: `${fileId}.jsonl` });
      document.body.append(a);
      a.click();
      a.remove();
    } finally {
      button.disabled = false;
    }
  };
  return button;
}

function row(b, refresh, status) {
  const cancel = b.status === 'in_progress'
    ? h('button', { type: 'button', class: 'danger', 'aria-label': `Cancel batch ${b.id}` }, 'Cancel') : null;
  if (cancel) {
    cancel.onclick = async () => {
      cancel.disabled = true;
      try {
        await api('POST', `/v1/batches/${b.id}/cancel`, {});
        show(status, notice(`Batch ${b.id} is being cancelled: what has not started will not run.`));
      } catch (e) {
        show(status, notice(e.message, 'error'));
      }
      refresh();
    };
  }
  const problems = b.errors && b.errors.data ? b.errors.data.map((e) => `line ${e.line ?? '—'}: ${e.message}`) : [];
  return [
    [h('code', {}, b.id), h('br'), h('span', { class: 'muted' }, b.endpoint)],
    [h('span', { class: `badge ${b.status}` }, b.status),
      problems.length ? h('ul', { class: 'plain muted' }, problems.slice(0, 5).map((p) => h('li', {}, p))) : null],
    progress(b),
    b.budget != null ? `${price(b.spend)} of ${price(b.budget)}` : price(b.spend),
    when(b.created_at),
    [download(b.output_file_id, 'Output'), download(b.error_file_id, 'Errors'), cancel].filter(Boolean)
      .flatMap((button, i) => (i ? [' ', button] : [button])),
  ];
}

export async function render(main) {
  const status = h('div', { class: 'status' });
  const holder = h('div');
  show(main, h('h1', {}, 'Batches'),
    h('p', { class: 'muted' }, 'Batches are made with POST /v1/batches from a file uploaded with POST /v1/files (OpenAI\'s '
      + 'Batch API): every line runs as its own job, a few at a time, below your interactive requests.'),
    status, holder);
  let timer = null;
  const refresh = async () => {
    clearTimeout(timer);
    if (!holder.isConnected) return;
    const batches = (await api('GET', '/v1/batches?limit=100')).data || [];
    if (!holder.isConnected) return;
    show(holder, h('section', { class: 'panel' }, table('Batches', ['Batch', 'Status', 'Progress', 'Spend', 'Created', 'Files'],
      batches.map((b) => row(b, refresh, status)), 'No batches yet.')));
    if (batches.some((b) => OPEN.has(b.status))) timer = setTimeout(() => refresh().catch(() => {}), REFRESH_MS);
  };
  await refresh();
}
