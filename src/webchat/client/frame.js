// The chat inside the widget's iframe, on the bot's own origin: a Direct Line token from /api/webchat/token
// (same origin, so the token never reaches the store's page), Web Chat, and the conversation kept in this
// origin's sessionStorage, so that the store's next page reconnects to it from the last watermark.
// A customer the store signed in: the widget hands over their token (to this origin only), which gets
// their own conversation; the same customer's next page keeps it, and renews their claims with the newer token.
(function () {
  'use strict';
  var STRINGS = /*WIDGET_STRINGS*/ {};
  /** Web Chat's words that speak to the customer, in the bot's voice (its Dutch and Spanish say u and usted): by language. */
  var WEBCHAT_STRINGS = /*WEBCHAT_STRINGS*/ {};
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
  var webChatWords;
  var locale;
  speak(params.get('locale') || navigator.language || 'en');
  /** The customer's language: the frame's words, Web Chat's own (the send box, "Send": a region when none was given), the document's. */
  function speak(asked) {
    var language = asked.toLowerCase().split(/[-_]/)[0];
    words = STRINGS[language] || STRINGS.en;
    // A language the bot does not speak keeps Web Chat's own words in it.
    webChatWords = WEBCHAT_STRINGS[language];
    locale = /^[a-z]{2}[-_][a-z]{2}$/i.test(asked) ? asked.replace('_', '-') : LANGUAGES[language] || asked;
    document.documentElement.lang = language;
  }
  var domain = new URL(config.directLine, location.origin).href.replace(/\/$/, '');
  var embedded = window.parent !== window;
  // 'customer': the widget has the store's customer token for us; anything else is a visitor's page.
  var who = params.get('who');

  function tell(message) {
    // Nothing in these messages is private (hello, ready, escape, news): any page may read them. The session goes by write().
    if (embedded) window.parent.postMessage(Object.assign({ orderTrackingChat: true }, message), '*');
  }

  /** One line instead of the chat, never a blank panel: no chat can be had, or the store's sign-in was refused. */
  function unavailable(text) {
    var line = document.getElementById('unavailable');
    line.textContent = text || words.unavailable;
    line.hidden = false;
    document.getElementById('chat').hidden = true;
    tell({ type: 'ready' });
  }

  // The conversation is kept in this origin's sessionStorage. A browser that denies storage to a frame of
  // another site (third-party storage blocked: Safari, Chromium's default here) gets the store page's
  // sessionStorage instead, through the widget: the frame hands it the session, to the store's origin only.
  var relay = false;
  var parentOrigin = null;
  /** Answers awaited from the widget, by the type of the answer. */
  var awaited = {};
  /** Asks the widget; its answer (a message of type `answer`), or null after `ms`. */
  function askWidget(question, answer, ms) {
    return new Promise(function (resolve) {
      awaited[answer] = resolve;
      tell({ type: question });
      setTimeout(function () {
        resolve(null);
      }, ms);
    });
  }
  function read() {
    try {
      return Promise.resolve(JSON.parse(window.sessionStorage.getItem(KEY)));
    } catch (_e) {
      if (!embedded) return Promise.resolve(null);
      relay = true;
      return askWidget('hello', 'kept', 3000).then(function (message) {
        try {
          return message && JSON.parse(message.session || 'null');
        } catch (_ignored) {
          return null;
        }
      });
    }
  }
  function write(value) {
    if (relay) {
      if (parentOrigin)
        window.parent.postMessage({ orderTrackingChat: true, type: 'keep', session: value }, parentOrigin);
      return;
    }
    window.sessionStorage.setItem(KEY, value);
  }
  function save(session) {
    try {
      write(JSON.stringify(session));
    } catch (_e) {
      // Full: drop the kept activities and try once more; else this page only.
      try {
        write(JSON.stringify(Object.assign({}, session, { activities: [] })));
      } catch (_ignored) {
        /* nothing kept */
      }
    }
  }
  function forget() {
    try {
      write('null');
    } catch (_e) {
      /* nothing kept */
    }
  }

  function seconds(body) {
    var value = Number(body.expiresIn !== undefined ? body.expiresIn : body.expires_in);
    return value > 0 ? value : 1800;
  }

  /** The customer token from the widget, when it was told one is coming (else, or after 5 s, none). */
  function customerToken() {
    if (who !== 'customer' || !embedded) return Promise.resolve(null);
    return askWidget('signin', 'customer', 5000).then(function (message) {
      return message && typeof message.token === 'string' && message.token ? message.token : null;
    });
  }

  function Refused() {
    this.refused = true;
  }

  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }).then(function (response) {
      if (response.status === 401) throw new Refused();
      if (!response.ok) throw new Error(path + ': ' + response.status);
      return response.json();
    });
  }

  /**
   * Renews the customer's claims with a newer token; their user id, to compare with the conversation's. The
   * conversation's renewal moves to the newer token's exp when it is this customer's (the endpoint tells).
   */
  function renew(token, session) {
    var asked = { customerToken: token };
    if (session && session.renewal) asked.renewal = session.renewal;
    return post('/api/webchat/customer', asked).then(function (body) {
      if (session && body && body.userId === session.userId && typeof body.renewal === 'string') bound(session, body);
      return body && body.userId;
    });
  }

  /** The renewal the endpoint gave, and until when it renews (its seconds, on this browser's clock). */
  function bound(session, body) {
    session.renewal = body.renewal;
    session.renewUntil = Date.now() + Math.max(0, Number(body.renewableFor) || 0) * 1000;
  }

  /** Starts the frame again for another conversation: another customer's, or a visitor's. */
  function restart(as) {
    forget();
    tell({ type: 'restarting' });
    params.set('who', as);
    location.replace(location.pathname + '?' + params.toString());
  }

  async function newSession(token) {
    var body = await post('/api/webchat/token', token ? { customerToken: token } : {});
    if (!body || typeof body.token !== 'string' || typeof body.conversationId !== 'string')
      throw new Error('token answer without a token');
    var lifetime = seconds(body) * 1000;
    var fresh = {
      conversationId: body.conversationId,
      token: body.token,
      userId: body.userId,
      signedIn: !!token,
      lifetime: lifetime,
      expiresAt: Date.now() + lifetime,
      watermark: undefined,
      activities: [],
      fresh: true,
    };
    bound(fresh, body);
    return fresh;
  }

  /**
   * A new token for the conversation, through the endpoint, which renews it only within its bound (a
   * visitor's two hours, a customer's token's exp): past it, Refused. Not at Direct Line itself, which
   * refreshes a live token without limit.
   */
  async function refresh(session) {
    var body = await post('/api/webchat/renewal', { token: session.token, renewal: session.renewal });
    if (!body || typeof body.token !== 'string') throw new Error('renewal answer without a token');
    session.token = body.token;
    session.lifetime = seconds(body) * 1000;
    session.expiresAt = Date.now() + session.lifetime;
    bound(session, body);
  }

  /**
   * The kept conversation, its token refreshed when it has not much left; a new one when there is none, it
   * expired, or it is not the right person's: a signed-in customer's on a page without a customer token
   * (however the store signed them out), or a visitor's (or another customer's) when a customer token came.
   * The endpoint's user id for the token tells.
   */
  async function session() {
    var kept = await read();
    var token = await customerToken();
    var usable = kept && kept.token && kept.conversationId && kept.renewal && kept.expiresAt - Date.now() > MINUTE;
    if (usable && kept.signedIn && !token) usable = false;
    if (usable && token) {
      try {
        usable = (await renew(token, kept)) === kept.userId;
      } catch (e) {
        // Refused: said in the panel. Anything else (a limit, the network): the kept conversation goes on.
        if (e instanceof Refused) throw e;
      }
    }
    // Past its bound the conversation is over for the widget: a new one.
    if (usable && !(kept.renewUntil > Date.now())) usable = false;
    if (usable && kept.expiresAt - Date.now() < REFRESH_BELOW) {
      try {
        await refresh(kept);
      } catch (e) {
        // Refused: no renewal any more, a new conversation. Anything else: it is still valid for a while, connect with it.
        if (e instanceof Refused) usable = false;
      }
    }
    if (usable) {
      kept.fresh = false;
      return kept;
    }
    forget();
    return newSession(token);
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
      // Web Chat reads its user from the token (Direct Line's carries it): hidden, it took our dl_ id for a
      // forgery, warned, and made up an id of its own.
      get token() {
        return directLine.token;
      },
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
      return unavailable(e instanceof Refused ? words.signInRefused : undefined);
    }
    var kept = current.activities || [];
    var seen = {};
    kept.forEach(function (activity) {
      seen[activity.id] = true;
    });
    var directLine = window.WebChat.createDirectLine({
      domain: domain,
      token: current.token,
      conversationId: current.fresh ? undefined : current.conversationId,
      watermark: current.fresh ? undefined : current.watermark,
      webSocket: false,
      pollingInterval: 1000,
    });

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
              api.dispatch({
                type: 'WEB_CHAT/SEND_EVENT',
                payload: { name: 'webchat/join', value: { locale: locale } },
              });
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
              if (activity.type === 'message' && !(activity.from && activity.from.role === 'user'))
                tell({ type: 'news' });
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
    // Web Chat's client refreshes at Direct Line every 15 minutes, without a bound of its own: at the
    // conversation's bound the frame ends it (which stops those refreshes) and starts a visitor's.
    // Should a refresh have failed before, this one, through the endpoint, is in time.
    setInterval(function () {
      keep();
      if (!(current.renewUntil > Date.now())) {
        directLine.end();
        return restart('visitor');
      }
      if (current.expiresAt - Date.now() < 2 * MINUTE) {
        refresh(current).then(
          function () {
            directLine.token = current.token;
            save(current);
          },
          function () {},
        );
      }
    }, MINUTE);
    window.addEventListener('pagehide', keep);

    function whenConnected(run) {
      if (connected) run();
      else waiting.push(run);
    }

    var styleOptions = {
      accent: params.get('accent') || '#1b5faa',
      bubbleBorderRadius: 8,
      bubbleFromUserBorderRadius: 8,
      hideUploadButton: true,
      suggestedActionLayout: 'flow',
    };
    // A long answer (a card per parcel) stops scrolling once it fills the panel: its start (the carrier, the
    // status, "Parcel 1 of 3") stays in view, not only its buttons. Web Chat's own snap: the customer scrolls on.
    Object.assign(styleOptions, { autoScrollSnapOnPage: true, autoScrollSnapOnPageOffset: 0 });
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
      window.WebChat.renderWebChat(
        Object.assign({ locale: locale, overrideLocalizedStrings: webChatWords }, props),
        document.getElementById('chat'),
      );
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
          store.dispatch({
            type: 'WEB_CHAT/SEND_MESSAGE_BACK',
            payload: { text: value.identifier, displayText: value.identifier, value: value },
          });
        });
      }
      if (message.type === 'signOut') restart('visitor');
      if (message.type === 'customer' && typeof message.token === 'string') {
        // A newer token on the store's page: the same customer's claims are renewed; another's gets their own conversation.
        renew(message.token, current).then(
          function (userId) {
            if (userId !== current.userId) restart('customer');
            else save(current);
          },
          function (e) {
            if (e instanceof Refused) unavailable(words.signInRefused);
          },
        );
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
    var resolve = awaited[event.data.type];
    if (!resolve) return;
    delete awaited[event.data.type];
    // The page that keeps the session for us: the only one it is ever handed back to.
    if (event.data.type === 'kept') parentOrigin = event.origin;
    resolve(event.data);
  });

  // Esc anywhere in the chat closes it, unless Web Chat used the key itself.
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && !event.defaultPrevented) tell({ type: 'escape' });
  });

  start();
})();
