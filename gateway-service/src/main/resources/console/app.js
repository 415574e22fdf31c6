// The console's shell: sign-in, navigation and a hash router (#/playground, #/media/med_…); each page is a
// module with render(main, params). Every page uses the public API with the signed-in key.
import { api, session } from 'console/api';
import { h, field, notice, show } from 'console/ui';
import * as playground from 'console/playground';
import * as gallery from 'console/gallery';
import * as detail from 'console/detail';
import * as usage from 'console/usage';
import * as batches from 'console/batches';
import * as models from 'console/models';
import * as admin from 'console/admin';

const PAGES = {
  playground: { title: 'Playground', page: playground },
  gallery: { title: 'Gallery', page: gallery },
  media: { title: 'Media item', page: detail, under: 'gallery' },
  batches: { title: 'Batches', page: batches },
  usage: { title: 'Usage', page: usage },
  models: { title: 'Models', page: models },
  admin: { title: 'Admin', page: admin, admin: true },
};

const main = document.querySelector('main');
const nav = document.querySelector('header.top nav');
const account = document.querySelector('header.top .account');

function route() {
  const [name, ...rest] = location.hash.replace(/^#\/?/, '').split('/');
  return { name: name || '', params: rest.map(decodeURIComponent) };
}

function navigation(current) {
  const links = Object.entries(PAGES)
    .filter(([, p]) => !p.under && (!p.admin || session.isAdmin()))
    .map(([name, p]) => h('a', { href: `#/${name}`, 'aria-current': current === name ? 'page' : null }, p.title));
  show(nav, links);
  show(account, h('button', { type: 'button', onclick: signOut }, 'Sign out'));
}

function signOut() {
  session.end();
  location.hash = '#/signin';
}

async function signIn(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const key = form.querySelector('input').value.trim();
  const status = form.querySelector('.status');
  if (!key) {
    show(status, notice('Enter an API key.', 'error'));
    return;
  }
  show(status, notice('Checking the key…'));
  try {
    // The admin key is the one that may list accounts; any other valid key has usage of its own.
    let admin = false;
    try {
      await api('GET', '/v1/admin/accounts?limit=1', undefined, { key });
      admin = true;
    } catch (e) {
      if (e.status !== 403) throw e;
    }
    if (!admin) await api('GET', '/v1/usage', undefined, { key });
    session.start(key, admin);
    location.hash = admin ? '#/admin' : '#/playground';
  } catch (e) {
    show(status, notice(e.message, 'error'));
  }
}

function signInPage() {
  show(nav);
  show(account);
  const input = h('input', { type: 'password', autocomplete: 'off', spellcheck: 'false', required: true });
  show(main, h('section', { class: 'panel signin' },
    h('h1', {}, 'Sign in to Mediagate'),
    h('form', { onsubmit: signIn },
      field('API key', input, 'Kept in this browser tab only; signing out or closing the tab forgets it.'),
      h('button', { type: 'submit' }, 'Sign in'),
      h('div', { class: 'status', 'aria-live': 'polite' }))));
  document.title = 'Sign in · Mediagate';
  input.focus();
}

async function render() {
  const { name, params } = route();
  if (!session.key()) {
    if (name !== 'signin') location.replace('#/signin');
    signInPage();
    return;
  }
  const entry = PAGES[name];
  if (!entry || (entry.admin && !session.isAdmin())) {
    location.replace(session.isAdmin() ? '#/admin' : '#/playground');
    return;
  }
  navigation(entry.under || name);
  document.title = `${entry.title} · Mediagate`;
  // Each visit renders into a view of its own: a page still loading when the reader moves on writes into
  // its detached view, never over the page that replaced it.
  const view = h('div', { class: 'view' });
  show(main, view);
  show(view, h('p', { class: 'muted' }, 'Loading…'));
  try {
    await entry.page.render(view, params);
  } catch (e) {
    if (!view.isConnected) return;
    if (e.status === 401) {
      session.end();
      location.hash = '#/signin';
      return;
    }
    show(view, h('h1', {}, entry.title), notice(e.message, 'error'));
  }
  view.querySelector('h1')?.setAttribute('tabindex', '-1');
}

window.addEventListener('hashchange', render);
render();
