// Admin (admin key only): accounts (create, tier, custom limits, whether requests naming a retired model are served by
// its replacement) and their keys (name, scopes, last use and state; issue: shown once with a copy button; revoke); the
// models and offers whose provider shuts them within 30 days.
import { api, query } from 'console/api';
import { h, field, notice, select, show, table, when } from 'console/ui';

const TIERS = ['free', 'basic', 'pro', 'enterprise'];
const UPGRADES = [['none', 'Refused (410 model_retired)'], ['replacement', 'Served by the replacement']];
const LIMITS = [['perMinute', 'Requests per minute'], ['perHour', 'Requests per hour'], ['perDay', 'Requests per day'],
  ['videoPerMinute', 'Videos per minute'], ['concurrentImages', 'Concurrent images'], ['concurrentVideos', 'Concurrent videos'],
  ['eventStreams', 'Open event streams per key']];

export async function render(main, [selected]) {
  const [list, soon] = await Promise.all([api('GET', `/v1/admin/accounts${query({ limit: 100 })}`).then((r) => r.result),
    // the accounts are the page's business: without the catalog's word the list of shutdowns says so and the rest works
    api('GET', '/v1/admin/catalog/shutdowns').then((r) => r.result).catch((err) => ({ days: 30, shutdowns: [], failed: err.message }))]);
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
  }, field('Account name', name), field('Tier', tier), h('div', { class: 'field act' }, h('button', { type: 'submit' }, 'Create account')));
  const rows = list.accounts.map((a) => [h('a', { href: `#/admin/${a.id}`, 'aria-current': a.id === selected ? 'true' : null }, a.name),
    h('code', {}, a.id), a.tier, a.limits ? 'custom' : 'tier', when(a.createdAt)]);
  const current = list.accounts.find((a) => a.id === selected);
  show(main,
    h('h1', {}, 'Admin'),
    h('section', { class: 'panel' }, h('h2', {}, 'New account'), create, status),
    h('section', { class: 'panel' }, h('h2', {}, `Accounts (${list.total})`),
      table('Accounts', ['Name', 'Id', 'Tier', 'Limits', 'Created'], rows, 'No accounts yet.')),
    current ? await accountPanel(current) : null,
    shutdowns(soon));
}

/** What shuts within the next days: callers of these get 410 from that day on, unless they take upgrades. */
function shutdowns(soon) {
  const rows = soon.shutdowns.map((s) => [
    [h('strong', {}, s.displayName || s.model), h('br'), h('code', {}, s.model)],
    s.provider ? h('code', {}, s.provider) : 'every offer',
    s.shutdown, `${s.daysLeft} ${s.daysLeft === 1 ? 'day' : 'days'}`,
    s.replacement ? h('code', {}, s.replacement) : '—',
    s.source ? h('a', { href: s.source, rel: 'noopener noreferrer', target: '_blank' }, 'announcement') : '—']);
  return h('section', { class: 'panel', 'aria-labelledby': 'shut-h' },
    h('h2', { id: 'shut-h' }, `Models shutting within ${soon.days} days`),
    soon.failed ? notice(`The catalog could not be read: ${soon.failed}`, 'error') : null,
    table('Models shutting soon', ['Model', 'Offer', 'Shuts down', 'In', 'Replacement', 'Source'], rows, 'Nothing shuts down soon.'));
}

async function accountPanel(account) {
  const status = h('div', { 'aria-live': 'polite' });
  const tier = select(TIERS, account.tier);
  const upgrades = select(UPGRADES, account.modelUpgrades || 'none');
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
          { tier: tier.value, limits: Object.keys(limits).length ? limits : null, modelUpgrades: upgrades.value });
        show(status, notice('Saved. The change applies from the next request.', 'ok'));
      } catch (err) {
        show(status, notice(err.message, 'error'));
      }
    },
  }, h('div', { class: 'row' }, field('Tier', tier), inputs.map(([, f]) => f),
    field('Requests naming a retired model', upgrades, 'A request\'s own model_upgrades wins.')),
  h('button', { type: 'submit' }, 'Save tier, limits and upgrades'));
  const keys = h('div');
  await showKeys(keys, account);
  return h('section', { class: 'panel', 'aria-labelledby': 'acct-h' },
    h('h2', { id: 'acct-h' }, `Account ${account.name}`), save, status, h('h2', {}, 'Keys'), keys);
}

async function showKeys(box, account) {
  const keys = (await api('GET', `/v1/admin/accounts/${account.id}/keys`)).result.keys;
  const issued = h('div', { class: 'issued', 'aria-live': 'polite' });
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
  const state = (k) => {
    if (k.status === 'revoked') return `revoked ${when(k.revokedAt)}`;
    if (k.status === 'expired') return `expired ${when(k.expiresAt)}`;
    return k.expiresAt ? `active until ${when(k.expiresAt)}` : 'active';
  };
  const rows = keys.map((k) => [
    h('span', {}, h('code', {}, `${k.prefix}…`), k.name ? ` ${k.name}` : ''), h('code', {}, k.id),
    k.scopes ? k.scopes.join(', ') : 'all', when(k.createdAt), k.lastUsedAt ? when(k.lastUsedAt) : 'never',
    state(k),
    k.revokedAt ? '' : h('button', {
      type: 'button', class: 'danger', 'aria-label': `Revoke ${k.prefix}…`,
      async onclick() {
        if (!confirm(`Revoke the key ${k.prefix}…? Requests with it are refused from now on.`)) return;
        await api('DELETE', `/v1/admin/keys/${k.id}`);
        await showKeys(box, account);
      },
    }, 'Revoke')]);
  show(box, h('div', { class: 'actions' }, issue), issued, table('Keys', ['Key', 'Id', 'Scopes', 'Issued', 'Last used', 'State', ''], rows, 'No keys yet.'));
}
