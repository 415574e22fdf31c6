// Models and providers: prices, units, sizes, durations and features, and a model going or gone (deprecated or retired,
// its shutdown day and replacement); provider status and health.
import { api } from 'console/api';
import { h, price, show, table } from 'console/ui';

/** Every model of the catalog, following the pages (numbered from 0). */
export async function allModels() {
  const models = [];
  for (let page = 0; page < 50; page++) {
    const result = (await api('GET', `/v1/models?limit=100&page=${page}`)).result;
    models.push(...result.models);
    if (result.models.length === 0 || models.length >= result.total) break;
  }
  return models;
}

function durations(d) {
  return d ? `${d.min}–${d.max} s (default ${d.default})` : '—';
}

function offers(model) {
  return h('ul', { class: 'plain' }, (model.providers || []).map((o) =>
    h('li', {}, `${o.providerName || o.provider}: ${price(o.price && o.price.amount, o.price && o.price.unit)}`,
      o.price && o.price.bySize ? h('span', { class: 'muted' }, ` (${Object.entries(o.price.bySize)
        .map(([size, amount]) => `${size}: ${price(amount, o.price.unit)}`).join(', ')})`) : null,
      o.features && o.features.length ? h('span', { class: 'muted' }, ` · ${o.features.join(', ')}`) : null,
      o.status && o.status !== 'operational' ? h('span', { class: `badge ${o.status}` }, o.status) : null)));
}

/** A model's lifecycle, where its provider announced one: a badge, the shutdown day, the replacement, the announcement. */
export function lifecycle(l) {
  if (!l) return null;
  const parts = [];
  if (l.status === 'deprecated' && l.deprecated) parts.push(`deprecated since ${l.deprecated}`);
  if (l.shutdown) parts.push(l.status === 'retired' ? `shut down on ${l.shutdown}` : `shuts down on ${l.shutdown}`);
  return [h('span', { class: `badge ${l.status}` }, l.status),
    h('span', { class: 'lifecycle muted' }, parts.join(' · '),
      l.replacement ? [' · use ', h('a', { href: '#/models', title: `GET /v1/models/${l.replacement}` }, h('code', {}, l.replacement))] : null,
      l.source ? [' · ', h('a', { href: l.source, rel: 'noopener noreferrer', target: '_blank' }, 'announcement')] : null)];
}

function percent(rate) {
  return rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(rate === 1 ? 0 : 1)}%`;
}

export async function render(main) {
  const [models, providers] = await Promise.all([allModels(), api('GET', '/v1/providers?limit=100')]);
  const providerList = (providers.result && providers.result.providers) || [];
  show(main,
    h('h1', {}, 'Models and providers'),
    h('section', { class: 'panel' }, h('h2', {}, 'Models'),
      table('Models', ['Model', 'Media', 'Offers (price per unit, features)', 'Sizes', 'Durations', 'Inputs'],
        models.map((m) => [
          [h('strong', {}, m.displayName || m.name || m.id), h('br'), h('code', {}, m.id), ...(m.lifecycle ? [h('br'), ...lifecycle(m.lifecycle)] : [])],
          m.media, offers(m), (m.sizes || []).join(', ') || '—', durations(m.durations), (m.inputs || []).join(', ')]))),
    h('section', { class: 'panel' }, h('h2', {}, 'Providers'),
      table('Providers', ['Provider', 'Status', 'Media', 'Success rate', 'p50 latency', 'Last error'],
        providerList.map((p) => [
          [h('strong', {}, p.name), h('br'), h('code', {}, p.id)],
          h('span', { class: `badge ${p.status}` }, p.status),
          (p.media || []).join(', '),
          percent(p.health && p.health.successRate),
          p.health && p.health.latencyP50Ms != null ? `${p.health.latencyP50Ms} ms` : '—',
          p.health && p.health.lastErrorAt
            ? `${new Date(p.health.lastErrorAt).toLocaleString()} (${p.health.lastErrorClass || 'error'})` : '—']))));
}
