// Small DOM helpers shared by the pages: element building (text is always set as text, never as HTML,
// so prompts and names from the API cannot inject markup), formatting and status messages.

/** h('div', {class: 'x', onclick: f}, child, 'text', ...) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (name === 'value') el.value = value;
    else if (name === 'text') el.textContent = value;
    else el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

let ids = 0;
/** A labelled form control: the label names the control for assistive technology. */
export function field(label, control, hint) {
  if (!control.id) control.id = `f${++ids}`;
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control,
    hint ? h('small', { class: 'hint' }, hint) : null);
}

/** A labelled table: column headings, then rows of cells (each a node or text); {@code empty} when no rows. */
export function table(label, headings, rows, empty = 'Nothing here yet.') {
  return h('div', { class: 'table-wrap' }, h('table', { 'aria-label': label },
    h('thead', {}, h('tr', {}, headings.map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, rows.length ? rows.map((cells) => h('tr', {}, cells.map((c) => h('td', {}, c))))
      : h('tr', {}, h('td', { colspan: headings.length, class: 'muted' }, empty)))));
}

export function select(options, value, attrs = {}) {
  const el = h('select', attrs);
  for (const o of options) {
    const [v, text] = Array.isArray(o) ? o : [o, o];
    el.append(h('option', { value: v, selected: String(v) === String(value) }, text));
  }
  return el;
}

export function price(amount, unit) {
  if (amount === undefined || amount === null) return '—';
  const n = Number(amount);
  const text = n === 0 ? '$0' : `$${n < 0.01 ? n.toPrecision(2) : n.toFixed(n < 1 ? 3 : 2)}`;
  return unit ? `${text} / ${unit}` : text;
}

export function bytes(n) {
  if (n === undefined || n === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = Number(n);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 && i ? 1 : 0)} ${units[i]}`;
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/** A status line (role=status, polite) or an alert for failures. */
export function notice(message, kind = 'info') {
  return h('p', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message);
}

/** Replaces the content of {@code el} with the given children. */
export function show(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  return el;
}

/** Loads a classic script once (the vendor libraries), from the address the page's asset map names. */
const loaded = new Map();
export function vendor(name) {
  if (!loaded.has(name)) {
    const src = document.querySelector(`meta[name="vendor:${name}"]`).content;
    loaded.set(name, new Promise((resolve, reject) => {
      const s = h('script', { src });
      s.onload = resolve;
      s.onerror = () => reject(new Error(`${name} could not be loaded`));
      document.head.append(s);
    }));
  }
  return loaded.get(name);
}
