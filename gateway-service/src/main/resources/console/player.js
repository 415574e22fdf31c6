// Shows a media item: an <img>, or a <video> that streams the HLS variant through hls.js where the browser
// has Media Source Extensions, plays HLS natively where it can, and otherwise falls back to the MP4 (and
// WebM) files.
import { h, vendor } from 'console/ui';

const HLS_TYPES = ['application/vnd.apple.mpegurl', 'application/x-mpegurl'];

export function hlsVariant(item) {
  return (item.variants || []).find((v) => v.format === 'hls' || HLS_TYPES.includes(String(v.mime).toLowerCase()));
}

function fileSources(video, item) {
  video.append(h('source', { src: item.url, type: item.mime || 'video/mp4' }));
  for (const v of item.variants || []) {
    if (v.mime === 'video/webm') video.append(h('source', { src: v.url, type: 'video/webm' }));
  }
}

/** The element that shows {@code item}; for a video, streaming is set up once the element is built. */
export function media(item, label) {
  if (item.media !== 'video') {
    return h('img', { src: item.url, alt: label || item.prompt || 'generated image', width: item.width, height: item.height });
  }
  const video = h('video', { controls: true, playsinline: true, preload: 'metadata', poster: item.thumbnail,
    'aria-label': label || item.prompt || 'generated video' });
  const hls = hlsVariant(item);
  if (!hls) {
    fileSources(video, item);
    return video;
  }
  vendor('hls').then(() => {
    const Hls = window.Hls;
    if (Hls && Hls.isSupported()) {
      const player = new Hls();
      player.on(Hls.Events.ERROR, (event, data) => {
        if (data.fatal) { // the MP4 still plays when the stream cannot
          player.destroy();
          fileSources(video, item);
          video.dataset.player = 'mp4';
          video.load();
        }
      });
      player.loadSource(hls.url);
      player.attachMedia(video);
      video.dataset.player = 'hls.js';
    } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = hls.url;
      video.dataset.player = 'native-hls';
    } else {
      fileSources(video, item);
      video.dataset.player = 'mp4';
    }
  }).catch(() => {
    fileSources(video, item);
    video.dataset.player = 'mp4';
  });
  return video;
}

/** The files of an item as download links: the main file and every variant. */
export function variantLinks(item) {
  const files = [{ label: `${item.mime || 'file'} (main)`, url: item.url }];
  for (const v of item.variants || []) {
    files.push({ label: [v.format, v.codec, v.size].filter(Boolean).join(' · ') || v.mime, url: v.url });
  }
  return h('ul', { class: 'plain' }, files.map((f) => h('li', {}, h('a', { href: f.url, target: '_blank', rel: 'noopener' }, f.label))));
}
