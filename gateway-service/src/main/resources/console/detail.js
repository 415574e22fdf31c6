// One media item: the image or the video player, its files, the thumbnail strip, what made it and what it
// cost, its Content Credentials, and the owner's actions: public or private, extend retention, delete, download.
import { api } from 'console/api';
import { h, bytes, notice, price, show, when } from 'console/ui';
import { media, variantLinks } from 'console/player';
import { credentials } from 'console/credentials';

export async function render(main, [id]) {
  const item = (await api('GET', `/v1/media/${encodeURIComponent(id)}`)).result.media;
  const usage = await api('GET', '/v1/usage').catch(() => null);
  const mine = usage && usage.result.user === item.user;
  const status = h('div', { 'aria-live': 'polite' });

  async function change(body, done) {
    try {
      await api('PATCH', `/v1/media/${item.id}`, body);
      await render(main, [id]);
      main.querySelector('[aria-live]').replaceChildren(notice(done, 'ok'));
    } catch (e) {
      show(status, notice(e.message, 'error'));
    }
  }

  const actions = mine ? h('div', { class: 'actions' },
    h('button', { type: 'button', class: 'secondary', onclick: () => change({ public: !item.public },
      item.public ? 'The item is private now.' : 'The item is public now.') }, item.public ? 'Make private' : 'Make public'),
    h('button', { type: 'button', class: 'secondary', onclick: () => change({ retainDays: usage.result.storage.retentionDays },
      'Retention extended.') }, `Extend retention (${usage.result.storage.retentionDays} days from now)`),
    h('a', { href: item.url, download: '', class: 'button' }, 'Download'),
    h('button', {
      type: 'button', class: 'danger',
      async onclick() {
        if (!confirm('Delete this item and its files?')) return;
        try {
          await api('DELETE', `/v1/media/${item.id}`);
          location.hash = '#/gallery';
        } catch (e) {
          show(status, notice(e.message, 'error'));
        }
      },
    }, 'Delete'))
    : h('div', { class: 'actions' }, h('a', { href: item.url, download: '', class: 'button' }, 'Download'));

  const strip = item.preview ? h('div', {}, h('h2', {}, 'Thumbnails'),
    h('div', { class: 'strip' }, h('img', { src: item.preview, alt: 'Preview frames' }))) : null;
  show(main,
    h('p', {}, h('a', { href: '#/gallery' }, '← Gallery')),
    h('h1', {}, item.media === 'video' ? 'Video' : 'Image'),
    h('div', { class: 'cols detail' },
      h('section', { class: 'panel' },
        h('dl', { class: 'facts' },
          h('dt', {}, 'Prompt'), h('dd', {}, item.prompt || '—'),
          item.revised_prompt ? [h('dt', {}, 'Revised prompt'), h('dd', {}, item.revised_prompt)] : null,
          h('dt', {}, 'Model'), h('dd', {}, item.model || '—'),
          h('dt', {}, 'Provider'), h('dd', {}, item.providerName || item.provider || '—'),
          h('dt', {}, 'Size'), h('dd', {}, item.size || (item.width ? `${item.width}x${item.height}` : '—')),
          item.duration ? [h('dt', {}, 'Duration'), h('dd', {}, `${item.duration} s`)] : null,
          item.price != null ? [h('dt', {}, 'Price'), h('dd', {}, price(item.price))] : null,
          item.reusedFrom ? [h('dt', {}, 'Reused from'), h('dd', {}, h('a', { href: `#/media/${item.reusedFrom}` }, item.reusedFrom))] : null,
          h('dt', {}, 'Bytes'), h('dd', {}, bytes(item.bytes)),
          h('dt', {}, 'Visibility'), h('dd', {}, item.public ? 'public' : 'private'),
          h('dt', {}, 'Created'), h('dd', {}, when(item.createdAt)),
          h('dt', {}, 'Expires'), h('dd', {}, item.expiresAt ? when(item.expiresAt) : 'never')),
        actions, status,
        h('h2', {}, 'Files'), variantLinks(item), credentials(item)),
      h('section', { class: 'panel' }, media(item), strip)));
}
