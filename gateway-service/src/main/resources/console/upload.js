// Upload by drag and drop (or the file picker): declare the file (POST /v1/media/upload), PUT its bytes to
// the signed address with a progress bar, then complete it (POST /v1/media/{id}), which checks the bytes.
import { api, putWithProgress } from 'console/api';
import { h, notice, show } from 'console/ui';

export function uploader(onDone) {
  const status = h('div', { 'aria-live': 'polite' });
  const input = h('input', { type: 'file', accept: 'image/png,image/jpeg,image/webp,image/gif,video/mp4,video/webm,video/quicktime',
    id: 'upload-file' });
  const visibility = h('input', { type: 'checkbox', id: 'upload-public' });
  const zone = h('div', { class: 'drop' },
    h('p', {}, 'Drop an image or video here, or '),
    h('label', { for: 'upload-file' }, 'Upload a file'), ' ', input,
    h('p', {}, visibility, h('label', { for: 'upload-public' }, ' Make it public')));

  async function send(file) {
    const bar = h('progress', { max: 100, value: 0, 'aria-label': `Uploading ${file.name}` });
    show(status, h('p', {}, `Uploading ${file.name}…`), bar);
    try {
      const mime = file.type || 'application/octet-stream';
      const declared = (await api('POST', '/v1/media/upload',
        { mime, bytes: file.size, filename: file.name, public: visibility.checked })).result;
      await putWithProgress(declared.uploadUrl, file, declared.headers, (f) => { bar.value = Math.round(f * 100); });
      bar.value = 100;
      const item = (await api('POST', `/v1/media/${declared.id}`)).result.media;
      show(status, notice(`Uploaded ${file.name}.`, 'ok'));
      onDone(item);
    } catch (e) {
      show(status, notice(e.message, 'error'));
    }
  }

  input.addEventListener('change', () => input.files[0] && send(input.files[0]));
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    if (e.dataTransfer.files[0]) send(e.dataTransfer.files[0]);
  });
  return h('section', { class: 'panel', 'aria-label': 'Upload' }, h('h2', {}, 'Upload'), zone, status);
}
