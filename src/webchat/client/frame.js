// The chat inside the widget's iframe, on the bot's own origin: a Direct Line token from /api/webchat/token
// (same origin, so the token never reaches the store's page), Web Chat, and the conversation kept in this
// origin's sessionStorage, so that the store's next page reconnects to it from the last watermark.
(function () {
  'use strict';
  var STRINGS = /*WIDGET_STRINGS*/ {};
  var LANGUAGES = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', nl: 'nl-NL' };
  var KEY = 'order-tracking-chat';
  /** Activities kept for the next page to show again (typing indicators are not). */
  var KEEP = 100;
  var MINUTE = 60 * 1000;
  /** botframework-directlinejs refreshes a token 15 minutes after it connects: a page starts with more left than that. */
  var REFRESH_BELOW = 16 * MINUTE;

  var config = JSON.parse(document.getElementById('config').textContent);
  var params = new URLSearchParams(location.search);
  var words;
  var locale;
  speak(params.get('locale') || navigator.language || 'en');
  /** The customer's language: the frame's words, Web Chat's own (the send box, "Send": a region when none was given), the document's. */
  function speak(asked) {
    var language = asked.toLowerCase().split(/[-_]/)[0];
    words = STRINGS[language] || STRINGS.en;
    locale = /^[a-z]{2}[-_][a-z]{2}$/i.test(asked) ? asked.replace('_', '-') : LANGUAGES[language] || asked;
    document.documentElement.lang = language;
  }
  var domain = new URL(config.directLine, location.origin).href.replace(/\/$/, '');
  var embedded = window.parent !== window;

  function tell(message) {
    // Nothing in these messages is private (hello, ready, escape, news): any page may read them. The session goes by write().
    if (embedded) window.parent.postMessage(Object.assign({ orderTrackingChat: true }, message), '*');
  }

  function unavailable() {
    var line = document.getElementById('unavailable');
    line.textContent = words.unavailable;
    line.hidden = false;
    document.getElementById('chat').hidden = true;
    tell({ type: 'ready' });
  }

  // The conversation is kept in this origin's sessionStorage. A browser that denies storage to a frame of
  // another site (third-party storage blocked: Safari, Chromium's default here) gets the store page's
  // sessionStorage instead, through the widget: the frame hands it the session, to the store's origin only.
  var relay = false;
  var parentOrigin = null;
  var fromParent = null;
  function read() {
    try {
      return Promise.resolve(JSON.parse(window.sessionStorage.getItem(KEY)));
    } catch (e) {
      if (!embedded) return Promise.resolve(null);
      relay = true;
      return new Promise(function (resolve) {
        fromParent = resolve;
        tell({ type: 'hello' });
        setTimeout(function () {
          resolve(null);
        }, 3000);
      });
    }
  }
  function write(value) {
    if (relay) {
      if (parentOrigin) window.parent.postMessage({ orderTrackingChat: true, type: 'keep', session: value }, parentOrigin);
      return;
    }
    window.sessionStorage.setItem(KEY, value);
  }
  function save(session) {
    try {
      write(JSON.stringify(session));
    } catch (e) {
      // Full: drop the kept activities and try once more; else this page only.
      try {
        write(JSON.stringify(Object.assign({}, session, { activities: [] })));
      } catch (ignored) {
        /* nothing kept */
      }
    }
  }
  function forget() {
    try {
      write('null');
    } catch (e) {
      /* nothing kept */
    }
  }

  function seconds(body) {
    var value = Number(body.expiresIn !== undefined ? body.expiresIn : body.expires_in);
    return value > 0 ? value : 1800;
  }

  async function newSession() {
    var response = await fetch('/api/webchat/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}', credentials: 'same-origin' });
    if (!response.ok) throw new Error('token refused: ' + response.status);
    var body = await response.json();
    if (!body || typeof body.token !== 'string' || typeof body.conversationId !== 'string') throw new Error('token answer without a token');
    var lifetime = seconds(body) * 1000;
    return { conversationId: body.conversationId, token: body.token, userId: body.userId, lifetime: lifetime, expiresAt: Date.now() + lifetime, watermark: undefined, activities: [], fresh: true };
  }

  async function refresh(session) {
    var response = await fetch(domain + '/tokens/refresh', { method: 'POST', headers: { Authorization: 'Bearer ' + session.token } });
    if (!response.ok) throw new Error('refresh refused: ' + response.status);
    var body = await response.json();
    if (!body || typeof body.token !== 'string') throw new Error('refresh answer without a token');
    session.token = body.token;
    session.lifetime = seconds(body) * 1000;
    session.expiresAt = Date.now() + session.lifetime;
  }

  /** The kept conversation, its token refreshed when it has not much left; a new one when there is none or it expired. */
  async function session() {
    var kept = await read();
    if (kept && kept.token && kept.conversationId && kept.expiresAt - Date.now() > MINUTE) {
      if (kept.expiresAt - Date.now() < REFRESH_BELOW) {
        try {
          await refresh(kept);
        } catch (e) {
          // It is still valid for a while: connect with it.
        }
      }
      kept.fresh = false;
      return kept;
    }
    forget();
    return newSession();
  }

  /** Web Chat reads activity$ once: the kept activities first, then Direct Line's. */
  function withKept(directLine, kept) {
    return {
      activity$: {
        subscribe: function (observer) {
          var next = typeof observer === 'function' ? observer : observer.next.bind(observer);
          kept.forEach(function (activity) {
            next(activity);
          });
          return directLine.activity$.subscribe(observer);
        },
      },
      connectionStatus$: directLine.connectionStatus$,
      postActivity: function (activity) {
        return directLine.postActivity(activity);
      },
      end: function () {
        return directLine.end();
      },
      getSessionId: directLine.getSessionId && directLine.getSessionId.bind(directLine),
    };
  }

  async function start() {
    if (!window.WebChat) return unavailable();
    var current;
    try {
      current = await session();
    } catch (e) {
      return unavailable();
    }
    var kept = current.activities || [];
    var seen = {};
    kept.forEach(function (activity) {
      seen[activity.id] = true;
    });
    var directLine = window.WebChat.createDirectLine({ domain: domain, token: current.token, conversationId: current.fresh ? undefined : current.conversationId, watermark: current.fresh ? undefined : current.watermark, webSocket: false, pollingInterval: 1000 });

    var keep = function () {
      // The client swaps in each refreshed token; the next page starts from it and from the last watermark.
      if (directLine.token && directLine.token !== current.token) {
        current.token = directLine.token;
        current.expiresAt = Date.now() + current.lifetime;
      }
      if (directLine.conversationId) current.conversationId = directLine.conversationId;
      if (directLine.watermark) current.watermark = directLine.watermark;
      current.fresh = false;
      save(current);
    };

    var connected = false;
    var waiting = [];
    var store = window.WebChat.createStore({}, function (api) {
      return function (next) {
        return function (action) {
          if (action.type === 'DIRECT_LINE/CONNECT_FULFILLED') {
            connected = true;
            // A new conversation: the bot greets in the customer's language. A kept one is not greeted again.
            if (!kept.length && !current.greeted) {
              current.greeted = true;
              api.dispatch({ type: 'WEB_CHAT/SEND_EVENT', payload: { name: 'webchat/join', value: { locale: locale } } });
            }
            keep();
            waiting.splice(0).forEach(function (run) {
              run();
            });
          }
          if (action.type === 'DIRECT_LINE/INCOMING_ACTIVITY') {
            var activity = action.payload.activity;
            if (activity.type !== 'typing' && activity.id && !seen[activity.id]) {
              seen[activity.id] = true;
              current.activities = (current.activities || []).concat([activity]).slice(-KEEP);
              if (activity.type === 'message' && !(activity.from && activity.from.role === 'user')) tell({ type: 'news' });
            }
            keep();
          }
          return next(action);
        };
      };
    });
    var failed = false;
    directLine.connectionStatus$.subscribe(function (status) {
      // 4: failed to connect (the conversation is gone), 5: the token expired. Once: a new conversation.
      if ((status === 4 || status === 5) && !failed) {
        failed = true;
        forget();
        location.reload();
      }
    });
    // The client refreshes every 15 minutes; should a refresh have failed, this one is in time.
    setInterval(function () {
      keep();
      if (current.expiresAt - Date.now() < 2 * MINUTE) {
        refresh(current).then(function () {
          directLine.token = current.token;
          save(current);
        }, function () {});
      }
    }, MINUTE);
    window.addEventListener('pagehide', keep);

    function whenConnected(run) {
      if (connected) run();
      else waiting.push(run);
    }

    var styleOptions = { accent: params.get('accent') || '#1b5faa', bubbleBorderRadius: 8, bubbleFromUserBorderRadius: 8, hideUploadButton: true, suggestedActionLayout: 'flow' };
    var narrow = window.matchMedia('(max-width: 420px)');
    if (narrow.matches) {
      var width = Math.max(240, window.innerWidth - 56);
      Object.assign(styleOptions, { bubbleMaxWidth: width, bubbleMinWidth: Math.min(250, width) });
    } else if (params.get('avatar')) {
      styleOptions.botAvatarImage = params.get('avatar');
    } else if (params.get('initials')) {
      styleOptions.botAvatarInitials = params.get('initials');
    }

    var props = {
      directLine: withKept(directLine, kept),
      store: store,
      userID: current.userId,
      styleOptions: styleOptions,
      // With the card's own "Show earlier" toggle (card-toggle.js).
      adaptiveCardsPackage: window.AdaptiveCards,
      // On the style elements Web Chat writes: the frame's policy admits no others.
      nonce: config.nonce,
    };
    // Rendered again with the same connection and store: a new language, the same conversation.
    function render() {
      window.WebChat.renderWebChat(Object.assign({ locale: locale }, props), document.getElementById('chat'));
    }
    render();

    window.addEventListener('message', function (event) {
      if (event.source !== window.parent) return;
      var message = event.data || {};
      if (!message.orderTrackingChat) return;
      if (message.type === 'focus') focusInput();
      if (message.type === 'locale' && typeof message.locale === 'string') {
        var before = locale;
        speak(message.locale);
        if (locale === before) return;
        render();
        whenConnected(function () {
          // The language the customer's next activities carry, then the bot's greeting in it, as the page switched.
          store.dispatch({ type: 'WEB_CHAT/SET_LANGUAGE', payload: { language: locale } });
          store.dispatch({ type: 'WEB_CHAT/SEND_EVENT', payload: { name: 'webchat/join', value: { locale: locale } } });
        });
      }
      if (message.type === 'track' && message.value) {
        var value = message.value;
        whenConnected(function () {
          // A lookup sent as data, as an Adaptive Card submit sends it: the bot looks it up in that turn.
          store.dispatch({ type: 'WEB_CHAT/SEND_MESSAGE_BACK', payload: { text: value.identifier, displayText: value.identifier, value: value } });
        });
      }
    });
    tell({ type: 'ready' });
  }

  function focusInput() {
    // Not on a touch screen: the keyboard would cover the chat before anyone asked for it.
    if (window.matchMedia('(pointer: coarse)').matches) return;
    var tries = 0;
    (function attempt() {
      var input = document.querySelector('[data-id="webchat-sendbox-input"]');
      if (input) return input.focus();
      if (++tries < 50) setTimeout(attempt, 100);
    })();
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || !event.data || !event.data.orderTrackingChat) return;
    if (event.data.type === 'kept' && fromParent) {
      parentOrigin = event.origin;
      var resolve = fromParent;
      fromParent = null;
      try {
        resolve(JSON.parse(event.data.session || 'null'));
      } catch (e) {
        resolve(null);
      }
    }
  });

  // Esc anywhere in the chat closes it, unless Web Chat used the key itself.
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && !event.defaultPrevented) tell({ type: 'escape' });
  });

  start();
})();
