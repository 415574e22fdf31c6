// Playground: pick a model, write a prompt, set size, shape, duration, routing, the pictures it starts from and the
// model's own parameters (rendered from its parameter schema), generate, and see the result with its price, timings and
// the routing decision. A utility model (an upscale, a cut-out) takes a picture instead of a prompt. Videos run as jobs, followed through their event stream: a progress bar from the job's stage and
// progress, its events as they happen (provider calls, retries, stages), and Cancel. The form is quoted live as it changes
// (POST /v1/quotes): the price, where it would go and how long that provider takes lately; Generate sends the request with
// that quote, so it is charged at most the price shown.
import { api, follow, imageUrl } from 'console/api';
import { h, field, notice, price, select, show, table } from 'console/ui';
import { allModels } from 'console/models';
import { media, variantLinks } from 'console/player';

const PROMPT_LIMIT = { image: 1000, video: 500 };
const STAGES = { generating: 'Generating', transcoding: 'Transcoding', thumbnail: 'Making thumbnails', storing: 'Storing' };

function cheapest(model) {
  const offers = (model.providers || []).filter((o) => o.price);
  offers.sort((a, b) => a.price.amount - b.price.amount);
  return offers[0];
}

function modelPicker(models, selected) {
  const el = h('select', { required: true });
  for (const [media, label] of [['image', 'Images'], ['video', 'Videos']]) {
    const group = h('optgroup', { label });
    for (const m of models.filter((x) => x.media === media)) {
      const offer = cheapest(m);
      group.append(h('option', { value: m.id, selected: m.id === selected },
        `${m.displayName || m.name || m.id} — ${offer ? `from ${price(offer.price.amount, offer.price.unit)}` : 'no offer'}`));
    }
    if (group.children.length) el.append(group);
  }
  return el;
}

/** One control per model parameter: enums as selects, numbers with their bounds, booleans as selects. */
function parameterControl(p) {
  const hint = [p.description, p.min != null || p.max != null ? `${p.min ?? '…'} to ${p.max ?? '…'}` : null]
    .filter(Boolean).join(' · ');
  let control;
  if (p.enum && p.enum.length) control = select([['', `default${p.default != null ? ` (${p.default})` : ''}`], ...p.enum], '');
  else if (p.type === 'boolean') control = select([['', 'default'], ['true', 'yes'], ['false', 'no']], '');
  else if (p.type === 'integer' || p.type === 'number') {
    control = h('input', { type: 'number', min: p.min, max: p.max, step: p.type === 'integer' ? 1 : 'any',
      placeholder: p.default != null ? String(p.default) : '' });
  } else control = h('input', { type: 'text', placeholder: p.default != null ? String(p.default) : '' });
  control.dataset.param = p.name;
  control.dataset.type = p.type || 'string';
  return field(p.name, control, hint || null);
}

function parameterValues(form) {
  const extras = {};
  for (const c of form.querySelectorAll('[data-param]')) {
    if (c.value === '') continue;
    const t = c.dataset.type;
    extras[c.dataset.param] = t === 'integer' || t === 'number' ? Number(c.value) : t === 'boolean' ? c.value === 'true' : c.value;
  }
  return extras;
}

export function statsView(answer) {
  const s = answer.stats || {};
  const item = (answer.data || [])[0] || {};
  const facts = h('dl', { class: 'facts' },
    h('dt', {}, 'Price'), h('dd', {}, price(answer.price)),
    s.reused ? [h('dt', {}, 'Reused from'), h('dd', {}, h('a', { href: `#/media/${s.reused.from}` }, s.reused.from))] : null,
    h('dt', {}, 'Model'), h('dd', {}, item.model || '—'),
    h('dt', {}, 'Provider'), h('dd', {}, item.providerName || item.provider || s.providerId || '—'),
    h('dt', {}, 'Set-up'), h('dd', {}, `${s.setupTime ?? '—'} ms`),
    h('dt', {}, 'Generation'), h('dd', {}, `${s.generationTime ?? '—'} ms`),
    h('dt', {}, 'Processing'), h('dd', {}, `${s.processingTime ?? '—'} ms`),
    h('dt', {}, 'Retries'), h('dd', {}, String(s.retries ?? 0)),
    s.ignoredParams && s.ignoredParams.length ? [h('dt', {}, 'Ignored'), h('dd', {}, s.ignoredParams.join(', '))] : null);
  const routing = s.routing;
  const candidates = routing ? [h('p', { class: 'muted' }, `Routing: ${routing.mode}, candidates in ranked order`),
    table('Routing candidates', ['#', 'Provider', 'Price', 'Features'],
      routing.candidates.map((c, i) => [String(i + 1), c.provider, price(c.price), (c.features || []).join(', ')]))] : null;
  const attempts = h('ol', { class: 'timeline', 'aria-label': 'Attempts' }, (s.attempts || []).map((a) => h('li', {},
    h('span', { class: `dot ${a.outcome === 'success' ? '' : 'failed'}`, 'aria-hidden': 'true' }),
    h('span', {}, `${a.provider}: ${a.outcome}${a.code ? ` (${a.code}${a.failure ? `, ${a.failure}` : ''})` : ''}`),
    h('span', { class: 'muted' }, `${a.ms} ms`))));
  return h('div', {}, facts, h('h2', {}, 'Routing'), candidates, h('h3', {}, 'Attempts'), attempts);
}

/** Milliseconds as a person reads them. */
function duration(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`;
}

/** A quote in one line: its price (from its low where it is a range), the provider it would go to, what it would make, how long. */
function quoteLine(q) {
  const c = q.candidates[0];
  const made = [c.applied && c.applied.size, c.applied && c.applied.duration != null ? `${c.applied.duration} s` : null].filter(Boolean);
  const eta = c.eta && c.eta.p50 != null ? `about ${duration(c.eta.p50)} (95% within ${duration(c.eta.p95)})` : null;
  return [h('strong', {}, `Quote: ${price(q.price)}`), c.range ? ` (from ${price(c.range.low)})` : '', ` at ${c.provider}`,
    made.length ? ` · ${made.join(', ')}` : '', eta ? ` · ${eta}` : '',
    q.admitted ? '' : h('span', { class: 'error-text' }, ` · would be refused: ${q.refusal.message}`)];
}

/** The result with its stats; a job's event log, when it was followed, after them. */
function showResult(box, answer, log) {
  const item = answer.data[0];
  show(box, h('h2', {}, 'Result'), h('div', { class: 'result' }, media(item)),
    h('p', {}, h('a', { href: `#/media/${item.id}` }, 'Open in the gallery')),
    item.media === 'video' ? [h('h3', {}, 'Files'), variantLinks(item)] : null, statsView(answer),
    log ? [h('h3', {}, 'Events'), log] : null);
}

/** One line of a job's event log. */
function describe(e) {
  const d = e.data;
  switch (e.event) {
    case 'queued': return 'Queued';
    case 'preview': return `Preview ${d.index + 1}`;
    case 'playable': return 'Playable';
    case 'started': return `Calling ${d.provider} (attempt ${d.attempt})`;
    case 'retry': return `${d.provider} failed (${d.failure}); trying it again`;
    case 'fallback': return `${d.provider} failed (${d.failure}); trying ${d.next}`;
    case 'stage': return `${STAGES[d.stage] || d.stage} ${d.state === 'started' ? 'started' : 'done'}`;
    case 'completed': return 'Completed';
    case 'cancelled': return 'Cancelled';
    default: return e.event === 'failed' && d.error ? `Failed: ${d.error.message}` : e.event;
  }
}

async function followJob(box, job) {
  const bar = h('progress', { max: 100, value: job.progress || 0, 'aria-label': 'Video progress' });
  const stage = h('p', { role: 'status' }, 'Queued');
  const log = h('ol', { class: 'timeline', 'aria-label': 'Job events' });
  const still = h('img', { alt: 'Latest preview', class: 'preview-still', hidden: true });
  let cancelled = false;
  const cancel = h('button', {
    type: 'button', class: 'danger',
    async onclick() {
      cancelled = true;
      cancel.disabled = true;
      try {
        await api('DELETE', `/v1/jobs/${job.id}`);
      } catch (e) {
        show(box, notice(e.message, 'error'));
      }
    },
  }, 'Cancel');
  show(box, h('h2', {}, 'Video job'), h('p', { class: 'muted' }, job.id), stage, bar, h('div', { class: 'actions' }, cancel),
    still, h('h3', {}, 'Events'), log);
  const end = await follow(`/v1/jobs/${job.id}/events`, (e) => {
    if (e.event === 'progress') {
      bar.value = e.data.percent;
      stage.textContent = `${STAGES[e.data.stage] || e.data.stage} · ${e.data.percent}%`;
      return;
    }
    if (e.event === 'preview') {
      imageUrl(e.data.url).then((src) => {
        still.src = src;
        still.hidden = false;
      }).catch(() => {});
    }
    if (e.event === 'playable') {
      // The main rendition plays while the rest of the ladder is made.
      const early = h('video', { controls: true, muted: true, playsinline: true, preload: 'metadata', class: 'preview-still',
        src: e.data.url, 'aria-label': 'Playable now' });
      still.replaceWith(early);
    }
    if (e.event === 'stage' && e.data.state === 'started') stage.textContent = `${STAGES[e.data.stage] || e.data.stage} · ${bar.value}%`;
    const trouble = e.event === 'retry' || e.event === 'fallback' || e.event === 'failed';
    log.append(h('li', {}, h('span', { class: `dot ${trouble ? 'failed' : ''}`, 'aria-hidden': 'true' }), h('span', {}, describe(e))));
  });
  if (end.event === 'completed') return showResult(box, end.data.job, log);
  const why = end.data.error ? end.data.error.message : end.data.message || end.event;
  return show(box, h('h2', {}, 'Video job'), notice(end.event === 'cancelled' || cancelled ? 'The job was cancelled.' : why,
    end.event === 'cancelled' ? 'info' : 'error'), h('h3', {}, 'Events'), log);
}

export async function render(main) {
  const models = await allModels();
  if (!models.length) {
    show(main, h('h1', {}, 'Playground'), notice('The catalog has no models.', 'error'));
    return;
  }
  const picker = modelPicker(models, (models.find((m) => m.media === 'image') || models[0]).id);
  const prompt = h('textarea', { required: true });
  const dynamic = h('div');
  const result = h('section', { class: 'panel', 'aria-live': 'polite', 'aria-label': 'Result' },
    h('p', { class: 'muted' }, 'Your result appears here.'));
  const generate = h('button', { type: 'submit' }, 'Generate');
  const quoteBox = h('p', { class: 'quote muted', role: 'status', 'aria-label': 'Quote' });
  const form = h('form', { class: 'panel', onsubmit: submit },
    field('Model', picker), h('div', { id: 'prompt-field' }), dynamic, quoteBox, generate);
  // the latest quote of the form as it stood ({key: its request, id}), the request last asked about (a field's change
  // event after its input events asks nothing again: quotes count against the caller's rate limits), and its number
  let quoted = null;
  let askedKey = null;
  let asking = 0;
  let timer = null;

  function model() {
    return models.find((m) => m.id === picker.value);
  }

  /** The aspect ratios the model makes: a video's list, an image's sizes' ratios. */
  function ratios(m) {
    if (m.media === 'video') return m.aspectRatios || [];
    return [...new Set((m.shapes || []).map((s) => s.aspectRatio))];
  }

  /** A text field for a picture the request starts from: a URL or one of the caller's media ids. */
  function picture(label, name, hint) {
    return field(label, h('input', { name, type: 'text', placeholder: 'https://… or med_…' }), hint);
  }

  function refresh() {
    const m = model();
    const limit = PROMPT_LIMIT[m.media];
    prompt.maxLength = limit;
    prompt.required = !m.operation;
    show(form.querySelector('#prompt-field'), m.operation ? null : field('Prompt', prompt, `Up to ${limit} characters.`));
    const takes = (input) => (m.inputs || []).includes(input);
    const shapes = ratios(m);
    const sizes = m.sizes && m.sizes.length ? m.sizes : [m.defaultSize].filter(Boolean);
    const providers = [['', 'any (let routing choose)'], ...(m.providers || []).map((o) => [o.provider, `${o.providerName || o.provider} — ${price(o.price.amount, o.price.unit)}`])];
    const d = m.durations;
    show(dynamic,
      m.operation ? picture('Picture', 'image_url', `The picture to ${m.operation === 'upscale' ? 'upscale' : 'cut out of its background'}.`) : null,
      h('div', { class: 'row' },
        sizes.length && !m.operation ? field('Size', select(sizes, m.defaultSize, { name: 'size' })) : null,
        shapes.length > 1 ? field('Aspect ratio', select([['', 'default'], ...shapes], '', { name: 'aspect_ratio' })) : null,
        m.media === 'video' && d ? field('Duration (seconds)', h('input', { name: 'duration', type: 'number', min: d.min, max: d.max,
          step: 'any', value: d.default })) : null),
      h('div', { class: 'row' },
        field('Routing', select([['optimal', 'optimal'], ['cheapest', 'cheapest'], ['compatible', 'compatible']], 'optimal', { name: 'routing' })),
        field('Provider', select(providers, '', { name: 'provider' }))),
      m.media === 'video' && takes('image') ? h('div', { class: 'row' },
        picture('First frame', 'image_url', 'Optional: the picture the video starts on.'),
        takes('last_frame') ? picture('Last frame', 'last_frame_url', 'Optional, with a first frame: the picture it ends on.') : null) : null,
      m.media === 'image' && !m.operation && takes('image')
        ? picture('Reference pictures', 'reference_image_urls', 'Optional: up to 16, separated by spaces, made from by the model.')
        : m.media === 'video' && takes('reference')
          ? picture('Reference pictures', 'reference_image_urls', 'Optional, instead of a first frame: up to 8, separated by spaces, kept to by the video.')
          : null,
      m.parameters && m.parameters.length
        ? h('fieldset', {}, h('legend', {}, 'Model parameters'), h('div', { class: 'row' }, m.parameters.map(parameterControl)))
        : null);
  }

  /** The request the form makes now: its endpoint and JSON body. */
  function request() {
    const m = model();
    const value = (name) => form.querySelector(`[name="${name}"]`)?.value;
    const body = { model: m.id, routing: value('routing'), ...parameterValues(form) };
    if (!m.operation) body.prompt = prompt.value;
    // an image's ratio picks its size; a video's size is its resolution, the ratio its frame
    if (value('aspect_ratio')) body.aspect_ratio = value('aspect_ratio');
    if (value('size') && (m.media === 'video' || !body.aspect_ratio)) body.size = value('size');
    if (value('provider')) body.provider = value('provider');
    for (const name of ['image_url', 'last_frame_url']) if (value(name)) body[name] = value(name).trim();
    if (value('reference_image_urls')) body.reference_image_urls = value('reference_image_urls').trim().split(/\s+/);
    if (m.media === 'video' && value('duration')) body.duration = Number(value('duration'));
    const endpoint = m.media === 'video' ? '/v1/videos/generations' : m.operation ? `/v1/images/${m.operation}` : '/v1/images/generations';
    return { endpoint, body };
  }

  /** Quotes the form a moment after it last changed; a quote overtaken by a later one is dropped. */
  function requote() {
    clearTimeout(timer);
    timer = setTimeout(quote, 400);
  }

  async function quote() {
    const m = model();
    const asked = request();
    const key = JSON.stringify(asked);
    if (key === askedKey) return;
    askedKey = key;
    const mine = ++asking;
    quoted = null;
    if (!m.operation && !prompt.value.trim()) {
      show(quoteBox, 'Write a prompt to see its price.');
      return;
    }
    if (m.operation && !asked.body.image_url) {
      show(quoteBox, 'Give the picture to see its price.');
      return;
    }
    try {
      const q = (await api('POST', '/v1/quotes', asked)).result.quote;
      if (mine !== asking) return;
      quoted = { key, id: q.id, expires: Date.parse(q.expiresAt) };
      show(quoteBox, quoteLine(q));
    } catch (err) {
      if (mine === asking) {
        askedKey = null; // asked again at the next change
        show(quoteBox, `No quote: ${err.message}`);
      }
    }
  }

  async function submit(e) {
    e.preventDefault();
    const m = model();
    const { endpoint, body } = request();
    // sent with the quote shown, when it is of this very request and still good for a while: charged at most its price
    if (quoted && quoted.key === JSON.stringify({ endpoint, body }) && Date.now() < quoted.expires - 30000) body.quote_id = quoted.id;
    generate.disabled = true;
    show(result, h('p', { role: 'status' }, m.media === 'video' ? 'Submitting the video job…' : 'Generating…'));
    try {
      if (m.media === 'video') {
        const answer = await api('POST', endpoint, body, { headers: { Prefer: 'respond-async' } });
        await followJob(result, answer.result.job);
      } else {
        showResult(result, await api('POST', endpoint, body));
      }
    } catch (err) {
      show(result, notice(err.message, 'error'));
    } finally {
      generate.disabled = false;
    }
  }

  picker.addEventListener('change', refresh);
  form.addEventListener('input', requote);
  form.addEventListener('change', requote);
  refresh();
  requote();
  show(main, h('h1', {}, 'Playground'), h('div', { class: 'cols' }, form, result));
}
