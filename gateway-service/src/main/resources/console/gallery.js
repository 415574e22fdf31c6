// Gallery: the caller's media and public media as a grid, with word search, filters, sort and pages; and
// uploads. Only what GET /v1/media answers for this key is shown, so others' private items never appear.
import { api, query } from 'console/api';
import { h, field, notice, select, show } from 'console/ui';
import { allModels } from 'console/models';
import { uploader } from 'console/upload';

const PAGE_SIZE = 24;

function card(item) {
  const picture = item.media === 'video' ? item.thumbnail : item.url;
  const label = item.prompt || item.id;
  return h('article', { class: 'card', role: 'listitem' },
    h('a', { href: `#/media/${item.id}`, 'aria-label': `${item.media}: ${label}` },
      picture ? h('img', { src: picture, alt: '', loading: 'lazy' }) : h('div', { class: 'ph' }),
      h('div', { class: 'meta' },
        h('p', {}, h('span', { class: 'badge' }, item.media), item.public ? null : h('span', { class: 'badge private' }, 'private'),
          item.reusedFrom ? h('span', { class: 'badge reused', title: `Reused from ${item.reusedFrom}: the same stored file, at no charge` }, 'reused') : null,
          item.size || ''),
        h('p', { title: label }, label),
        h('p', { class: 'muted' }, item.providerName || item.provider || ''))));
}

export async function render(main) {
  const [models, providers] = await Promise.all([allModels(), api('GET', '/v1/providers?limit=100')]);
  const state = { page: 0 };
  const search = h('input', { type: 'search', name: 'search', maxlength: 200 });
  const kind = select([['', 'any'], ['image', 'images'], ['video', 'videos']], '', { name: 'media' });
  const model = select([['', 'any'], ...models.map((m) => [m.id, m.displayName || m.id])], '', { name: 'model' });
  const provider = select([['', 'any'], ...providers.result.providers.map((p) => [p.id, p.name])], '', { name: 'provider' });
  const size = h('input', { name: 'size', placeholder: 'e.g. 1024x1024 or 720p', maxlength: 20 });
  const owner = select([['', 'mine and public'], ['me', 'only mine']], '', { name: 'user' });
  const sort = select([['newest', 'newest first'], ['oldest', 'oldest first']], 'newest', { name: 'sort' });
  const grid = h('div', { class: 'grid', role: 'list', 'aria-label': 'Media' });
  const status = h('div', { 'aria-live': 'polite' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'Pages' });

  async function load() {
    show(status, h('p', { class: 'muted' }, 'Loading…'));
    try {
      const result = (await api('GET', `/v1/media${query({
        search: search.value.trim(), media: kind.value, model: model.value, provider: provider.value,
        size: size.value.trim(), user: owner.value, sort: sort.value, limit: PAGE_SIZE, page: state.page,
      })}`)).result;
      show(grid, result.medias.map(card));
      const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
      show(status, result.medias.length ? h('p', { class: 'muted' },
        `${result.total_exact === false ? 'At least ' : ''}${result.total} item${result.total === 1 ? '' : 's'}`)
        : notice('Nothing matches.'));
      show(pager,
        h('button', { type: 'button', class: 'secondary', disabled: state.page === 0,
          onclick() { state.page--; load(); } }, 'Previous page'),
        h('span', {}, `Page ${state.page + 1} of ${pages}`),
        h('button', { type: 'button', class: 'secondary', disabled: state.page + 1 >= pages,
          onclick() { state.page++; load(); } }, 'Next page'));
    } catch (e) {
      show(status, notice(e.message, 'error'));
    }
  }

  const filters = h('form', {
    class: 'panel',
    role: 'search',
    onsubmit(e) {
      e.preventDefault();
      state.page = 0;
      load();
    },
  }, h('div', { class: 'row' }, field('Search', search, 'Every word, in the prompt'),
    h('div', { class: 'field act' }, h('button', { type: 'submit' }, 'Apply'))),
  // The other filters fold away on a narrow screen, where they would push the pictures far down.
  h('details', { class: 'filters', open: !window.matchMedia('(max-width: 760px)').matches },
    h('summary', {}, 'Filters and sort'),
    h('div', { class: 'row' }, field('Media', kind), field('Model', model), field('Provider', provider), field('Size', size),
      field('Show', owner), field('Sort', sort))));
  for (const el of [kind, model, provider, owner, sort]) el.addEventListener('change', () => { state.page = 0; load(); });
  show(main, h('h1', {}, 'Gallery'), filters, uploader(() => { state.page = 0; load(); }), status, grid, pager);
  await load();
}
