// Usage: tier, rate windows and concurrency as gauges, storage against the quota, and the last 30 days of
// spend and generations as charts (Chart.js, loaded from the console's own assets).
import { api } from 'console/api';
import { h, bytes, price, show, vendor } from 'console/ui';

const WINDOWS = [['minute', 'Requests this minute'], ['hour', 'Requests this hour'], ['day', 'Requests today'],
  ['videoMinute', 'Videos this minute']];

function gauge(label, used, limit, detail, format = String) {
  return h('div', { class: 'gauge' },
    h('div', { class: 'label' }, h('span', {}, label),
      h('span', {}, `${format(used)} of ${format(limit)}${detail ? ` · ${detail}` : ''}`)),
    h('meter', { min: 0, max: Math.max(limit, 1), value: used, high: limit * 0.8, optimum: 0, 'aria-label': label }));
}

function resetIn(epochSeconds) {
  if (!epochSeconds) return '';
  const s = Math.max(0, Math.round(epochSeconds - Date.now() / 1000));
  return s < 120 ? `resets in ${s} s` : s < 7200 ? `resets in ${Math.round(s / 60)} min` : `resets in ${Math.round(s / 3600)} h`;
}

function chart(canvas, type, labels, datasets, money) {
  return new window.Chart(canvas, {
    type,
    data: { labels, datasets },
    options: {
      responsive: true, maintainAspectRatio: false, animation: false,
      scales: { x: { stacked: type === 'bar' }, y: { beginAtZero: true, stacked: type === 'bar',
        ticks: money ? { callback: (v) => `$${v}` } : { precision: 0 } } },
      plugins: { legend: { display: datasets.length > 1 } },
    },
  });
}

export async function render(main) {
  const [answer] = await Promise.all([api('GET', '/v1/usage?days=30'), vendor('chart')]);
  const u = answer.result;
  const windows = WINDOWS.filter(([k]) => u.rateLimits[k]).map(([k, label]) => {
    const w = u.rateLimits[k];
    return gauge(label, w.limit - w.remaining, w.limit, resetIn(w.reset));
  });
  const spendCanvas = h('canvas', { role: 'img', 'aria-label': 'Spend per day, last 30 days' });
  const countCanvas = h('canvas', { role: 'img', 'aria-label': 'Generations per day, last 30 days' });
  show(main,
    h('h1', {}, 'Usage'),
    h('div', { class: 'cols' },
      h('section', { class: 'panel', 'aria-labelledby': 'limits-h' },
        h('h2', { id: 'limits-h' }, `Tier: ${u.tier}`),
        windows,
        gauge('Images generating now', u.concurrency.image.active, u.concurrency.image.limit),
        gauge('Videos generating now', u.concurrency.video.active, u.concurrency.video.limit),
        gauge('Storage', u.storage.usedBytes, u.storage.limitBytes, `kept ${u.storage.retentionDays} days`, bytes)),
      h('section', { class: 'panel', 'aria-labelledby': 'spend-h' },
        h('h2', { id: 'spend-h' }, 'Spend'),
        h('dl', { class: 'facts' },
          h('dt', {}, 'Today'), h('dd', {}, price(u.spend.today)),
          h('dt', {}, 'This month'), h('dd', {}, price(u.spend.month)),
          h('dt', {}, 'All time'), h('dd', {}, price(u.spend.total)),
          h('dt', {}, 'Of which batches (month / all time)'),
          h('dd', {}, u.spend.batch ? `${price(u.spend.batch.month)} / ${price(u.spend.batch.total)}` : '—'),
          h('dt', {}, 'Images today / this month'), h('dd', {}, `${u.generations.images.today} / ${u.generations.images.month}`),
          h('dt', {}, 'Videos today / this month'), h('dd', {}, `${u.generations.videos.today} / ${u.generations.videos.month}`)))),
    h('div', { class: 'charts' },
      h('section', { class: 'panel' }, h('h2', {}, 'Spend per day (USD)'), h('div', { class: 'chart-box' }, spendCanvas)),
      h('section', { class: 'panel' }, h('h2', {}, 'Generations per day'), h('div', { class: 'chart-box' }, countCanvas))));
  const days = u.daily.map((d) => d.date.slice(5));
  chart(spendCanvas, 'line', days, [{ label: 'Spend', data: u.daily.map((d) => Number(d.spend)), borderColor: '#3b5bdb',
    backgroundColor: 'rgba(59,91,219,.15)', fill: true, tension: 0.2 }], true);
  chart(countCanvas, 'bar', days, [
    { label: 'Images', data: u.daily.map((d) => d.images), backgroundColor: '#4c6ef5' },
    { label: 'Videos', data: u.daily.map((d) => d.videos), backgroundColor: '#f59f00' }], false);
}
