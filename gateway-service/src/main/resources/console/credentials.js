// A media item's Content Credentials (C2PA): what its file says of its making, as media-service read and validated
// it (the item's provenance), and, on request, the whole validated manifest store.
import { api } from 'console/api';
import { h, notice, show } from 'console/ui';

const SOURCE_TYPES = {
  'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia': 'Made by a trained model (AI-generated)',
  'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia': 'Edited with a trained model (AI-edited)',
};

const ACTIONS = {
  'c2pa.created': 'created', 'c2pa.opened': 'opened', 'c2pa.edited': 'edited', 'c2pa.converted': 'converted',
  'c2pa.transcoded': 'transcoded',
};

const STATES = {
  Trusted: ['operational', 'Valid, signed by a trusted signer'],
  Valid: ['degraded', 'Intact, but its signer is not trusted here'],
  Invalid: ['down', 'Invalid: changed after signing, or its signature does not verify'],
};

function ingredient(i) {
  const title = /^med_[A-Za-z0-9]+$/.test(i.title || '') ? h('a', { href: `#/media/${i.title}` }, i.title) : (i.title || 'untitled');
  return h('li', {}, title, ` (${i.format || 'unknown type'}, ${i.relationship === 'parentOf' ? 'parent' : 'input to the model'})`);
}

export function credentials(item) {
  const p = item.provenance;
  if (!p) return null;
  if (!p.signed) {
    return h('section', { class: 'credentials' }, h('h2', {}, 'Content Credentials'), h('p', {}, 'This file carries none.'));
  }
  const [badge, meaning] = STATES[p.state] || ['', p.state];
  const whole = h('pre', { class: 'manifest', tabindex: '0', 'aria-label': 'Whole manifest store' });
  const status = h('div', { 'aria-live': 'polite' });
  return h('section', { class: 'credentials' },
    h('h2', {}, 'Content Credentials'),
    h('p', {}, h('span', { class: `badge ${badge}` }, p.state), ' ', meaning),
    h('dl', { class: 'c2pa' },
      p.digitalSourceType ? [h('dt', {}, 'Source'), h('dd', {}, SOURCE_TYPES[p.digitalSourceType] || p.digitalSourceType)] : null,
      h('dt', {}, 'Actions'), h('dd', {}, (p.actions || []).map((a) => ACTIONS[a] || a).join(', ') || '—'),
      h('dt', {}, 'Signed by'), h('dd', {}, p.signer || '—'),
      h('dt', {}, 'Made with'), h('dd', {}, p.generator || '—')),
    p.ingredients && p.ingredients.length ? [h('h3', {}, 'Made from'), h('ul', {}, ...p.ingredients.map(ingredient))] : null,
    h('details', {
      async ontoggle(e) {
        if (!e.target.open || whole.textContent) return;
        try {
          const read = await api('GET', `/v1/media/${encodeURIComponent(item.id)}/provenance`);
          whole.textContent = JSON.stringify(read.result.provenance, null, 2);
        } catch (err) {
          show(status, notice(err.message, 'error'));
        }
      },
    }, h('summary', {}, 'Whole manifest store'), whole, status));
}
