// The sandbox page: Web Chat on the local channel, a language picker, and demo numbers to try.
(async function () {
  'use strict';
  var container = document.getElementById('webchat');
  if (!window.WebChat) {
    container.innerHTML = '<p id="missing">Web Chat did not load. Run <code>npm ci</code> (it installs botframework-webchat) and reload.</p>';
    return;
  }
  var select = document.getElementById('language');
  var list = document.getElementById('demo');
  var demos = document.getElementById('demos');
  var current = null;
  // On a phone the chat comes first and the demo list is folded below it; on a desktop it is open beside the chat.
  var phone = window.matchMedia('(max-width: 720px)');
  demos.open = !phone.matches;

  var demo = await (await fetch('/sandbox/demo.json')).json();
  demo.forEach(function (item) {
    var button = document.createElement('button');
    button.type = 'button';
    button.innerHTML = '<b></b><small></small>';
    button.querySelector('b').textContent = item.identifier + (item.store_id ? ' · ' + item.store_id : '');
    button.querySelector('small').textContent = item.label;
    button.addEventListener('click', function () {
      if (!current) return;
      // A lookup sent as data, as an Adaptive Card submit or a support widget's button sends it.
      current.store.dispatch({
        type: 'WEB_CHAT/SEND_MESSAGE_BACK',
        payload: { text: item.identifier, displayText: item.identifier, value: { input_type: item.input_type, identifier: item.identifier, store_id: item.store_id } },
      });
      // On a phone the answer is above: fold the list and bring the chat back into view.
      if (phone.matches) {
        demos.open = false;
        container.scrollIntoView({ block: 'start' });
      }
    });
    var li = document.createElement('li');
    li.appendChild(button);
    list.appendChild(li);
  });

  // Choices wrap onto lines rather than scroll behind arrows. On a phone every pixel goes to the messages:
  // no avatars, and bubbles (a carousel's intro among them) no wider than the screen.
  function styleOptions() {
    var options = { accent: '#1b5faa', bubbleBorderRadius: 8, bubbleFromUserBorderRadius: 8, hideUploadButton: true, suggestedActionLayout: 'flow' };
    if (!phone.matches) return Object.assign(options, { botAvatarInitials: 'OT', userAvatarInitials: 'You' });
    var width = Math.max(240, window.innerWidth - 56);
    return Object.assign(options, { bubbleMaxWidth: width, bubbleMinWidth: Math.min(250, width) });
  }

  // Each visitor is one customer, the same across the conversations a language switch starts, as a site
  // passes its signed-in customer's id: the lookup limits hold per customer. One id for every visitor
  // would make them all one customer, whose misses cool everyone down.
  var userId = visitorId();
  function visitorId() {
    var bytes = new Uint8Array(8);
    window.crypto.getRandomValues(bytes);
    var fresh = 'visitor-' + Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
    try {
      var kept = window.localStorage.getItem('sandbox-visitor');
      if (kept) return kept;
      window.localStorage.setItem('sandbox-visitor', fresh);
    } catch (e) {
      // Storage refused (private mode): one id for this page's life.
    }
    return fresh;
  }

  function start(locale) {
    if (current) current.directLine.end();
    var directLine = window.WebChat.createDirectLine({ domain: location.origin + '/sandbox/directline', token: 'sandbox', webSocket: false, pollingInterval: 300 });
    var store = window.WebChat.createStore({}, function (api) {
      return function (next) {
        return function (action) {
          // Web Chat sends nothing when it connects; this event lets the bot greet in the chosen language.
          if (action.type === 'DIRECT_LINE/CONNECT_FULFILLED') api.dispatch({ type: 'WEB_CHAT/SEND_EVENT', payload: { name: 'webchat/join', value: { locale: locale } } });
          return next(action);
        };
      };
    });
    current = { directLine: directLine, store: store };
    // A fresh element per conversation: the old Web Chat stays behind with its ended connection.
    var fresh = container.cloneNode(false);
    container.replaceWith(fresh);
    container = fresh;
    document.documentElement.lang = locale.slice(0, 2);
    window.WebChat.renderWebChat(
      {
        directLine: directLine,
        store: store,
        locale: locale,
        userID: userId,
        username: 'You',
        styleOptions: styleOptions(),
      },
      container,
    );
    // Not on a phone: focus would open the keyboard over the chat before anyone asked for it.
    var input = container.querySelector('input, textarea');
    if (input && !phone.matches) input.focus();
  }

  var preferred = (navigator.language || 'en-US').slice(0, 2);
  for (var i = 0; i < select.options.length; i++) if (select.options[i].value.slice(0, 2) === preferred) select.selectedIndex = i;
  select.addEventListener('change', function () { start(select.value); });
  start(select.value);
})();
