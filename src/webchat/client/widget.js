// The order-tracking chat on a store's page: <script src="https://bot.example.com/webchat.js" defer></script>.
// A launcher button in a shadow root (the store's CSS cannot reach it, its CSS reaches nothing of the store)
// and, once the customer opens it, an iframe of the bot's origin holding Web Chat, its token and the
// conversation. With data-container="<selector>" the chat fills that element instead (inline: no launcher, no
// header), e.g. on a help page. One global: window.OrderTrackingChat = { open(), close(),
// track({input_type, identifier, store_id?}), setLocale(locale), signIn(customerToken), signOut() }. A customer
// the store signed in: data-customer-token on the tag, or signIn().
(function () {
  'use strict';
  if (window.OrderTrackingChat) return;
  var script = document.currentScript;
  if (!script || !script.src) return;
  var ORIGIN = new URL(script.src).origin;
  var STRINGS = /*WIDGET_STRINGS*/ {};
  var INPUT_TYPES = ['order_number', 'tracking_number', 'order_id', 'external_order'];
  // Whether the chat is open and was ever opened in this tab, on this store: no identifier, no token (those stay in the frame).
  var KEY = 'order-tracking-chat';
  var data = script.dataset;

  var locale = data.locale || document.documentElement.lang || navigator.language || 'en';
  var words = wordsFor(locale);
  var title = data.title || words.title;
  // The tag is deferred, so the page's elements are there; a selector that finds nothing leaves the launcher.
  var container = data.container ? document.querySelector(data.container) : null;
  var inline = !!container;
  function wordsFor(value) {
    return STRINGS[String(value).toLowerCase().split(/[-_]/)[0]] || STRINGS.en;
  }
  var accent = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(data.accent || '') ? data.accent : '#1b5faa';
  var left = data.position === 'left';
  // Up to this width the open chat covers the whole page: a modal dialog, which keeps the keyboard's focus.
  var COVERS = '(max-width:600px)';

  var state = read();
  // The store's customer token: in this page's memory only, and only ever posted to the bot's origin.
  var MAX_CUSTOMER_TOKEN = 4096;
  var customerToken = null;
  if (data.customerToken) {
    try {
      setCustomer(data.customerToken);
    } catch (_e) {
      // Longer than any token the bot takes: the chat is a visitor's, as it would be after a refusal.
    }
  }
  // The frame's conversation, when the frame may not keep it itself: only ever sent back to the bot's origin.
  var SESSION_KEY = 'order-tracking-chat-session';
  // No customer token: a visitor's page, whether or not the store called signOut(). A signed-in conversation
  // kept on this page goes at once, even before the chat loads (the frame would drop it too).
  if (!customerToken) forgetSignedIn();
  function readSession() {
    try {
      return window.sessionStorage.getItem(SESSION_KEY);
    } catch (_e) {
      return null;
    }
  }
  function read() {
    try {
      return JSON.parse(window.sessionStorage.getItem(KEY)) || {};
    } catch (_e) {
      return {};
    }
  }
  function save() {
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(state));
    } catch (_e) {
      // Storage refused (private mode): the chat lasts as long as this page.
    }
  }

  var CSS =
    ':host{all:initial}' +
    '*{box-sizing:border-box}' +
    '.launcher{all:unset;box-sizing:border-box;position:fixed;bottom:20px;' +
    (left ? 'left' : 'right') +
    ':20px;width:56px;height:56px;border-radius:50%;' +
    'background:var(--accent);color:#fff;display:flex;align-items:center;justify-content:center;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2}' +
    '.launcher:focus-visible{outline:3px solid #fff;box-shadow:0 0 0 6px var(--accent)}' +
    '.launcher svg{width:28px;height:28px;fill:currentColor}' +
    '.launcher img,.launcher span.initials{width:56px;height:56px;border-radius:50%;object-fit:cover;display:flex;align-items:center;justify-content:center;font:600 18px/1 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}' +
    '.badge{position:absolute;top:2px;right:2px;width:14px;height:14px;border-radius:50%;background:#d7263d;border:2px solid #fff}' +
    '.badge[hidden]{display:none}' +
    '.panel{position:fixed;bottom:88px;' +
    (left ? 'left' : 'right') +
    ':20px;width:380px;height:min(640px,calc(100vh - 110px));' +
    'background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.3);display:flex;flex-direction:column;overflow:hidden;z-index:3;' +
    'font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937}' +
    '.panel[hidden]{display:none}' +
    '.panel[data-open="false"]{visibility:hidden}' +
    'header{flex:none;display:flex;align-items:center;gap:8px;padding:0 6px 0 16px;min-height:52px;background:var(--accent);color:#fff}' +
    'h2{all:unset;flex:1;font:600 16px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
    '.close{all:unset;box-sizing:border-box;width:44px;height:44px;border-radius:8px;display:flex;align-items:center;justify-content:center;cursor:pointer;color:#fff}' +
    '.close:hover{background:rgba(255,255,255,.15)}' +
    '.close:focus-visible{outline:2px solid #fff;outline-offset:-4px}' +
    '.close svg{width:20px;height:20px;fill:currentColor}' +
    'iframe{flex:1;width:100%;border:0;display:block;background:#fff}' +
    '@media ' +
    COVERS +
    '{.panel{inset:0;width:100%;height:100%;border-radius:0;bottom:0;left:0;right:0}' +
    // The launcher under the covering panel: out of sight, so out of the Tab order too (WCAG 2.4.11).
    '.panel[data-open="true"]~.launcher{visibility:hidden}' +
    '.panel[data-open="true"] .edge{display:block}}' +
    // The panel's edges take the focus only while it covers the page, and hand it on at once.
    '.edge{display:none}' +
    // Out of sight, for a screen reader only.
    '.unseen{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}' +
    // Inline, the chat is part of the store's page: it fills the store's element, at any width.
    '.panel.inline{position:relative;inset:auto;width:100%;height:100%;border-radius:0;box-shadow:none;z-index:auto}';

  var host = document.createElement('div');
  host.setAttribute('data-order-tracking-chat', '');
  // Inline and important: the store's rules (even `* { all: revert !important }`) cannot move or hide it.
  host.style.cssText = inline
    ? 'all:initial!important;display:block!important;position:relative!important;width:100%!important;height:100%!important;visibility:visible!important;opacity:1!important'
    : 'all:initial!important;display:block!important;position:fixed!important;z-index:2147483000!important;' +
      'top:0!important;left:0!important;width:0!important;height:0!important;transform:none!important;filter:none!important;contain:none!important;visibility:visible!important;opacity:1!important';
  var root = host.attachShadow({ mode: 'open' });
  // A constructed style sheet needs no style-src from the store's Content-Security-Policy.
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    var style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
  }
  var shell = document.createElement('div');
  shell.style.setProperty('--accent', accent);
  if (inline) shell.style.height = '100%';
  root.appendChild(shell);

  var launcher = element('button', {
    type: 'button',
    class: 'launcher',
    'data-part': 'launcher',
    'aria-label': words.open + ': ' + title,
    'aria-expanded': 'false',
    'aria-haspopup': 'dialog',
  });
  if (data.avatar && /^(https?:\/\/|\/)/.test(data.avatar)) {
    var img = element('img', { alt: '', src: new URL(data.avatar, ORIGIN).href });
    launcher.appendChild(img);
  } else if (data.initials) {
    launcher.appendChild(
      element('span', { class: 'initials', 'aria-hidden': 'true' }, String(data.initials).slice(0, 3)),
    );
  } else {
    launcher.innerHTML =
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z"/></svg>';
  }
  var badge = element('span', { class: 'badge', 'data-part': 'badge', hidden: '' });
  launcher.appendChild(badge);

  var panel = inline
    ? element('div', {
        class: 'panel inline',
        role: 'region',
        'aria-label': title,
        'data-part': 'panel',
        'data-open': 'true',
        hidden: '',
      })
    : element('div', {
        class: 'panel',
        role: 'dialog',
        'aria-label': title,
        'data-part': 'panel',
        'data-open': 'false',
        hidden: '',
      });
  var heading = element('h2', {}, title);
  var closeButton = element('button', {
    type: 'button',
    class: 'close',
    'data-part': 'close',
    'aria-label': words.close,
  });
  closeButton.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z"/></svg>';
  // Tab past the chat's last control comes round to the close button, Shift+Tab before the close button into the chat.
  var startEdge = element('span', { class: 'unseen edge', tabindex: '0' });
  var endEdge = element('span', { class: 'unseen edge', tabindex: '0' });
  // A message behind the closed launcher is said as well as shown by the dot (WCAG 4.1.3).
  var news = element('span', { class: 'unseen', role: 'status', 'data-part': 'news' });
  if (!inline) {
    panel.appendChild(startEdge);
    var header = element('header');
    header.appendChild(heading);
    header.appendChild(closeButton);
    panel.appendChild(header);
    panel.appendChild(endEdge);
  }
  shell.appendChild(panel);
  if (!inline) {
    shell.appendChild(launcher);
    shell.appendChild(news);
  }
  var covers = window.matchMedia(COVERS);

  var frame = null;
  var ready = false;
  var queue = [];

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function frameUrl() {
    // The page's origin: one the bot does not know gets a line saying so, not a frame the browser refuses.
    var params = new URLSearchParams({ locale: locale, origin: location.origin });
    // Who the frame's conversation is for: a customer (their token comes by postMessage), else a visitor.
    // A page without a customer token is a visitor's, however the store signed its customer out (signOut(),
    // a sign-out link, a session that timed out on its server): a kept signed-in conversation is dropped.
    params.set('who', customerToken ? 'customer' : 'visitor');
    if (data.accent) params.set('accent', accent);
    if (data.avatar) params.set('avatar', new URL(data.avatar, ORIGIN).href);
    if (data.initials) params.set('initials', String(data.initials).slice(0, 3));
    return ORIGIN + '/webchat/frame?' + params.toString();
  }

  // The chat loads only once the customer opens it (or, on a later page, once they have opened it before).
  function ensureFrame() {
    if (frame) return;
    frame = element('iframe', { 'data-part': 'frame', title: title, src: frameUrl() });
    panel.insertBefore(frame, inline ? null : endEdge);
    panel.hidden = false;
  }

  function post(message) {
    if (!ready) return void queue.push(message);
    frame.contentWindow.postMessage(Object.assign({ orderTrackingChat: true }, message), ORIGIN);
  }

  function isOpen() {
    return panel.getAttribute('data-open') === 'true';
  }

  function open() {
    ensureFrame();
    if (inline) return focusChat();
    panel.setAttribute('data-open', 'true');
    modal();
    launcher.setAttribute('aria-expanded', 'true');
    badge.hidden = true;
    news.textContent = '';
    launcher.setAttribute('aria-label', words.open + ': ' + title);
    state.open = true;
    state.started = true;
    save();
    focusChat();
  }

  /** Covering the page, the panel is a modal dialog to a screen reader as well. */
  function modal() {
    if (!inline) panel.setAttribute('aria-modal', String(covers.matches));
  }

  /** Into the chat, at its send box. */
  function focusChat() {
    frame.focus();
    post({ type: 'focus' });
  }

  function close() {
    // Inline, the chat is part of the page: there is nothing to close.
    if (inline) return;
    var hadFocus = document.activeElement === host;
    panel.setAttribute('data-open', 'false');
    launcher.setAttribute('aria-expanded', 'false');
    state.open = false;
    save();
    if (hadFocus) launcher.focus();
  }

  function setCustomer(token) {
    if (typeof token !== 'string' || !token || token.length > MAX_CUSTOMER_TOKEN)
      throw new TypeError(
        'OrderTrackingChat.signIn: the customer token must be a string of 1 to ' + MAX_CUSTOMER_TOKEN + ' characters',
      );
    customerToken = token;
  }

  // The store's page has a (newer) customer token: a chat already loaded renews the claims, or switches to this customer's conversation.
  function signIn(token) {
    setCustomer(token);
    if (frame) post({ type: 'customer', token: token });
  }

  /** Drops a signed-in conversation this page keeps for the frame: its transcript and token are the customer's. */
  function forgetSignedIn() {
    try {
      var kept = JSON.parse(readSession());
      if (kept && kept.signedIn) window.sessionStorage.removeItem(SESSION_KEY);
    } catch (_e) {
      // Nothing kept here, or nothing readable.
    }
  }

  // The customer signed out of the store: the signed-in conversation is forgotten, and a visitor's starts.
  function signOut() {
    customerToken = null;
    forgetSignedIn();
    if (frame) post({ type: 'signOut' });
  }

  function track(request) {
    if (!request || INPUT_TYPES.indexOf(request.input_type) < 0)
      throw new TypeError('OrderTrackingChat.track: input_type must be one of ' + INPUT_TYPES.join(', '));
    if (typeof request.identifier !== 'string' || !request.identifier.trim() || request.identifier.length > 100)
      throw new TypeError('OrderTrackingChat.track: identifier must be a string of 1 to 100 characters');
    if (request.store_id !== undefined && (typeof request.store_id !== 'string' || request.store_id.length > 100))
      throw new TypeError('OrderTrackingChat.track: store_id must be a string');
    var value = { input_type: request.input_type, identifier: request.identifier.trim() };
    if (request.store_id) value.store_id = request.store_id;
    open();
    post({ type: 'track', value: value });
  }

  // The page's own language switch: the widget's words and Web Chat's change, on the same conversation.
  function setLocale(value) {
    if (typeof value !== 'string' || !/^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(value))
      throw new TypeError('OrderTrackingChat.setLocale: locale must be a language tag such as "de" or "fr-FR"');
    locale = value;
    words = wordsFor(locale);
    if (!data.title) title = words.title;
    heading.textContent = title;
    panel.setAttribute('aria-label', title);
    closeButton.setAttribute('aria-label', words.close);
    launcher.setAttribute('aria-label', words.open + ': ' + title + (badge.hidden ? '' : ' (' + words.unread + ')'));
    if (frame) {
      frame.setAttribute('title', title);
      post({ type: 'locale', locale: locale });
    }
  }

  startEdge.addEventListener('focus', focusChat);
  endEdge.addEventListener('focus', function () {
    closeButton.focus();
  });
  if (covers.addEventListener) covers.addEventListener('change', modal);

  launcher.addEventListener('click', function () {
    if (isOpen()) close();
    else open();
  });
  closeButton.addEventListener('click', function () {
    close();
    launcher.focus();
  });
  root.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && isOpen()) {
      event.stopPropagation();
      close();
      launcher.focus();
    }
  });

  window.addEventListener('message', function (event) {
    if (!frame || event.source !== frame.contentWindow || event.origin !== ORIGIN) return;
    var message = event.data || {};
    if (!message.orderTrackingChat) return;
    if (message.type === 'signin') {
      // The frame asks for the token it was told is coming: to the bot's origin only.
      frame.contentWindow.postMessage({ orderTrackingChat: true, type: 'customer', token: customerToken }, ORIGIN);
    } else if (message.type === 'restarting') {
      // The frame starts another conversation (another customer, or a visitor's): it says when it is ready again.
      ready = false;
    } else if (message.type === 'ready') {
      ready = true;
      var waiting = queue;
      queue = [];
      waiting.forEach(post);
      // Inline, the chat is part of the page, which decides when it takes the focus (open()).
      if (isOpen() && !inline) post({ type: 'focus' });
    } else if (message.type === 'hello') {
      // The frame may not keep the conversation itself (third-party storage blocked): this page keeps it for it.
      frame.contentWindow.postMessage({ orderTrackingChat: true, type: 'kept', session: readSession() }, ORIGIN);
    } else if (message.type === 'keep' && typeof message.session === 'string') {
      try {
        window.sessionStorage.setItem(SESSION_KEY, message.session);
      } catch (_e) {
        // Full or refused: this page only.
      }
    } else if (message.type === 'escape' && !inline) {
      close();
      launcher.focus();
    } else if (message.type === 'news' && !isOpen() && !inline) {
      badge.hidden = false;
      news.textContent = title + ': ' + words.unread;
      launcher.setAttribute('aria-label', words.open + ': ' + title + ' (' + words.unread + ')');
    }
  });

  function mount() {
    if (inline) {
      container.appendChild(host);
      return ensureFrame();
    }
    document.body.appendChild(host);
    // A conversation begun on an earlier page goes on here: open if it was open, else listening for news behind the launcher.
    if (state.open) open();
    else if (state.started) ensureFrame();
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);

  window.OrderTrackingChat = Object.freeze({
    open: open,
    close: close,
    track: track,
    setLocale: setLocale,
    signIn: signIn,
    signOut: signOut,
  });
})();
