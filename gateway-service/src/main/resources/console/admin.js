// Admin (admin key only): accounts (create, tier, custom limits) and their keys (issue: shown once with
// a copy button; revoke).
import { api, query } from 'console/api';
import { h, field, notice, select, show, when } from 'console/ui';

const TIERS = ['free', 'basic', 'pro', 'enterprise'];
const LIMITS = [['perMinute', 'Requests per minute'], ['perHour', 'Requests per hour'], ['perDay', 'Requests per day'],
  ['videoPerMinute', 'Videos per minute'], ['concurrentImages', 'Concurrent images'], ['concurrentVideos', 'Concurrent videos']];

export async function render(main, [selected]) {
  const list = (await api('GET', `/v1/admin/accounts${query({ limit: 100 })}`)).result;
  const status = h('div', { 'aria-live': 'polite' });
  const name = h('input', { required: true, maxlength: 200 });
  const tier = select(TIERS, 'free');
  const create = h('form', {
    class: 'row',
    async onsubmit(e) {
      e.preventDefault();
      try {
        const made = (await api('POST', '/v1/admin/accounts', { name: name.value.trim(), tier: tier.value })).result.account;
        location.hash = `#/admin/${made.id}`;
      } catch (err) {
        show(status, notice(err.message, 'error'));
      }
    },
  }, field('Account name', name), field('Tier', tier), h('div', { class: 'field' }, h('button', { type: 'submit' }, 'Create account')));
  const rows = list.accounts.map((a) => h('tr', { 'aria-selected': a.id === selected ? 'true' : null },
    h('td', {}, h('a', { href: `#/admin/${a.id}` }, a.name)), h('td', {}, h('code', {}, a.id)),
    h('td', {}, a.tier), h('td', {}, a.limits ? 'custom' : 'tier'), h('td', {}, when(a.createdAt))));
  const current = list.accounts.find((a) => a.id === selected);
  show(main,
    h('h1', {}, 'Admin'),
    h('section', { class: 'panel' }, h('h2', {}, 'New account'), create, status),
    h('section', { class: 'panel' }, h('h2', {}, `Accounts (${list.total})`),
      h('div', { class: 'table-wrap' }, h('table', { 'aria-label': 'Accounts' },
        h('thead', {}, h('tr', {}, ['Name', 'Id', 'Tier', 'Limits', 'Created'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, rows)))),
    current ? await accountPanel(current) : null);
}

async function accountPanel(account) {
  const status = h('div', { 'aria-live': 'polite' });
  const tier = select(TIERS, account.tier);
  const custom = account.limits || {};
  const inputs = LIMITS.map(([k, label]) => [k, field(label, h('input', { type: 'number', min: 0, step: 1, value: custom[k] ?? '',
    placeholder: 'tier default' }))]);
  const save = h('form', {
    async onsubmit(e) {
      e.preventDefault();
      const limits = {};
      for (const [k, f] of inputs) {
        const v = f.querySelector('input').value;
        if (v !== '') limits[k] = Number(v);
      }
      try {
        await api('PATCH', `/v1/admin/accounts/${account.id}`,
          { tier: tier.value, limits: Object.keys(limits).length ? limits : null });
        show(status, notice('Saved. The change applies from the next request.', 'ok'));
      } catch (err) {
        show(status, notice(err.message, 'error'));
      }
    },
  }, field('Tier', tier), h('div', { class: 'row' }, inputs.map(([, f]) => f)),
  h('button', { type: 'submit' }, 'Save tier and limits'));
  const keys = h('div');
  await showKeys(keys, account);
  return h('section', { class: 'panel', 'aria-labelledby': 'acct-h' },
    h('h2', { id: 'acct-h' }, `Account ${account.name}`), save, status, h('h2', {}, 'Keys'), keys);
}

async function showKeys(box, account) {
  const keys = (await api('GET', `/v1/admin/accounts/${account.id}/keys`)).result.keys;
  const issued = h('div', { 'aria-live': 'polite' });
  const issue = h('button', {
    type: 'button',
    async onclick() {
      try {
        const key = (await api('POST', `/v1/admin/accounts/${account.id}/keys`)).result.key;
        await showKeys(box, account);
        const secret = h('code', { class: 'secret' }, key.key);
        const copy = h('button', {
          type: 'button', class: 'secondary',
          async onclick() {
            await navigator.clipboard.writeText(key.key).catch(() => {});
            copy.textContent = 'Copied';
          },
        }, 'Copy key');
        show(box.querySelector('.issued'), notice('New key: shown once, store it now.', 'ok'), h('p', {}, secret), copy);
      } catch (err) {
        show(box.querySelector('.issued'), notice(err.message, 'error'));
      }
    },
  }, 'Issue key');
  issued.className = 'issued';
  const rows = keys.map((k) => h('tr', {},
    h('td', {}, h('code', {}, `${k.prefix}…`)), h('td', {}, h('code', {}, k.id)), h('td', {}, when(k.createdAt)),
    h('td', {}, k.revokedAt ? `revoked ${when(k.revokedAt)}` : 'active'),
    h('td', {}, k.revokedAt ? null : h('button', {
      type: 'button', class: 'danger', 'aria-label': `Revoke ${k.prefix}…`,
      async onclick() {
        if (!confirm(`Revoke the key ${k.prefix}…? Requests with it are refused from now on.`)) return;
        await api('DELETE', `/v1/admin/keys/${k.id}`);
        await showKeys(box, account);
      },
    }, 'Revoke'))));
  show(box, h('div', { class: 'actions' }, issue), issued,
    h('div', { class: 'table-wrap' }, h('table', { 'aria-label': 'Keys' },
      h('thead', {}, h('tr', {}, ['Key', 'Id', 'Issued', 'State', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No keys yet.'))))));
}
