// The sandbox page: Web Chat on the local channel, a language picker, demo numbers to try, and the agent
// hub of a handoff: what the hub receives when the customer asks for a person.
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

  // With the card's own "Show earlier" toggle (/webchat/card-toggle.js, shared with the widget).
  var adaptiveCardsPackage = window.AdaptiveCards;

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

  // The agent hub, and you its agent. Everything in the case, the transcript and the chat is shown as text,
  // never as markup: it holds what the customer typed.
  var AGENT_ID = 'sandbox-agent';
  var hub = {
    section: document.getElementById('hub'),
    note: document.getElementById('hub-note'),
    status: document.getElementById('hub-status'),
    caseView: document.getElementById('hub-case'),
    transcript: document.getElementById('hub-transcript'),
    talk: document.getElementById('hub-talk'),
    chat: document.getElementById('hub-chat'),
    reply: document.getElementById('hub-reply'),
    text: document.getElementById('hub-text'),
    raw: document.getElementById('hub-raw'),
    accept: document.getElementById('hub-accepted'),
    done: document.getElementById('hub-completed'),
    none: document.getElementById('hub-failed'),
    conversationId: null,
    state: null,
  };
  var STATES = {
    waiting: 'Waiting for an agent: accept the case to take the conversation over.',
    accepted: 'Accepted: you have the conversation. The customer’s messages come here, not to the bot.',
    completed: 'Completed: the agent is done and the bot is back.',
    failed: 'Failed: no agent was free, the bot gave the customer the help page and the case.',
  };
  // A shipment's problem (src/nextSteps/problem.ts), in an agent's words.
  var PROBLEMS = {
    lost: 'lost in transit',
    returned: 'on its way back to the sender',
    failed_attempt: 'a delivery attempt failed',
    exception: 'the carrier reports a problem (exception)',
    stuck: 'not handed to the carrier yet, for too long',
    stale: 'no news from the carrier for days',
    delayed: 'delayed',
  };
  function element(tag, text) {
    var node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function showHandoff(activity) {
    var value = activity.value || {};
    hub.conversationId = activity.conversation && activity.conversation.id;
    hub.caseView.replaceChildren();
    hub.caseView.appendChild(element('p', 'Language: ' + (value.locale || value.language || '?')));
    var lookups = value.lookups || [];
    if (!lookups.length) hub.caseView.appendChild(element('p', 'Nothing looked up in this conversation yet.'));
    lookups.forEach(function (lookup) {
      hub.caseView.appendChild(element('p', lookup.kind + ' ' + lookup.identifier + (lookup.storeId ? ' (' + lookup.storeId + ')' : '')));
      var list = element('ul');
      (lookup.shipments || []).forEach(function (shipment) {
        var event = shipment.lastEvent;
        var last = event ? ' · last event: ' + [event.text, event.location, event.at && new Date(event.at).toLocaleString()].filter(Boolean).join(', ') : '';
        var problem = shipment.problem ? ' · problem: ' + (PROBLEMS[shipment.problem] || shipment.problem) : '';
        list.appendChild(element('li', [shipment.carrier, shipment.trackingNumber].filter(Boolean).join(' ') + ': ' + shipment.statusText + ' (' + shipment.status + ')' + problem + last));
      });
      if (list.children.length) hub.caseView.appendChild(list);
    });
    var attached = (activity.attachments || []).filter(function (a) { return a.name === 'Transcript'; })[0];
    var lines = attached && attached.content && attached.content.activities ? attached.content.activities : [];
    hub.transcript.replaceChildren();
    lines.forEach(function (line) {
      hub.transcript.appendChild(element('li', (line.from && line.from.role === 'user' ? 'Customer: ' : 'Bot: ') + line.text));
    });
    if (!lines.length) hub.transcript.appendChild(element('li', 'No transcript (HANDOFF_TRANSCRIPT=off).'));
    hub.raw.textContent = JSON.stringify({ type: activity.type, name: activity.name, value: activity.value, attachments: activity.attachments }, null, 2);
    hub.chat.replaceChildren();
    setHubState('waiting');
    hub.section.hidden = false;
    hub.note.hidden = false;
  }
  // Waiting: accept, or nobody is free. Accepted: talk, then be done. Over: nothing more to press.
  function setHubState(state) {
    hub.state = state;
    hub.status.textContent = STATES[state] || state;
    hub.accept.hidden = state !== 'waiting';
    hub.none.hidden = state !== 'waiting';
    hub.done.hidden = state !== 'accepted' && state !== 'completed';
    [hub.accept, hub.none, hub.done].forEach(function (button) { button.disabled = state === 'completed' || state === 'failed'; });
    hub.talk.hidden = state !== 'accepted' && !hub.chat.children.length;
    hub.reply.hidden = state !== 'accepted';
    if (state === 'accepted' && !phone.matches) hub.text.focus();
    if (state === 'completed' || state === 'failed') hub.note.hidden = true;
  }
  function resetHub() {
    hub.section.hidden = true;
    hub.note.hidden = true;
    hub.conversationId = null;
    hub.state = null;
  }
  function toHub(path, body) {
    return fetch('/sandbox/hub/conversations/' + encodeURIComponent(hub.conversationId) + '/' + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
  [hub.accept, hub.done, hub.none].forEach(function (button) {
    button.addEventListener('click', function () {
      if (!hub.conversationId) return;
      [hub.accept, hub.done, hub.none].forEach(function (b) { b.disabled = true; });
      toHub('status', { state: button.id.slice('hub-'.length) });
    });
  });
  hub.reply.addEventListener('submit', function (event) {
    event.preventDefault();
    var text = hub.text.value.trim();
    if (!text || !hub.conversationId || hub.state !== 'accepted') return;
    hub.text.value = '';
    toHub('messages', { text: text });
  });
  // What passes between the customer and the agent while the agent has the conversation.
  function showInHub(activity) {
    if (activity.type !== 'message' || !activity.text) return;
    var fromAgent = activity.from && activity.from.id === AGENT_ID;
    var fromCustomer = activity.from && activity.from.role === 'user';
    if (!fromAgent && !(fromCustomer && hub.state === 'accepted')) return;
    var line = element('li', (fromAgent ? 'You (Sam): ' : 'Customer: ') + activity.text);
    if (fromAgent) line.className = 'agent';
    hub.chat.appendChild(line);
  }
  // Web Chat shows no sender's name: the agent's messages say who wrote them, in the customer's chat.
  function named(activity) {
    if (activity.from && activity.from.id === AGENT_ID && activity.type === 'message' && typeof activity.text === 'string') {
      return Object.assign({}, activity, { text: '**' + activity.from.name + ':** ' + activity.text });
    }
    return activity;
  }

  function start(locale) {
    if (current) current.directLine.end();
    resetHub();
    var directLine = window.WebChat.createDirectLine({ domain: location.origin + '/sandbox/directline', token: 'sandbox', webSocket: false, pollingInterval: 300 });
    var store = window.WebChat.createStore({}, function (api) {
      return function (next) {
        return function (action) {
          // Web Chat sends nothing when it connects; this event lets the bot greet in the chosen language.
          if (action.type === 'DIRECT_LINE/CONNECT_FULFILLED') api.dispatch({ type: 'WEB_CHAT/SEND_EVENT', payload: { name: 'webchat/join', value: { locale: locale } } });
          // The handoff's events pass through the channel, which plays the hub; Web Chat shows no events itself.
          if (action.type === 'DIRECT_LINE/INCOMING_ACTIVITY' && current && current.store === store) {
            var activity = action.payload.activity;
            if (activity.type === 'event' && activity.name === 'handoff.initiate') showHandoff(activity);
            if (activity.type === 'event' && activity.name === 'handoff.status' && activity.value && !hub.section.hidden) setHubState(activity.value.state);
            if (!hub.section.hidden) showInHub(activity);
            action = Object.assign({}, action, { payload: Object.assign({}, action.payload, { activity: named(activity) }) });
          }
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
        adaptiveCardsPackage: adaptiveCardsPackage,
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
