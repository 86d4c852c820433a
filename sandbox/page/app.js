// The sandbox page: the chat widget embedded as a store embeds it (the one tag, inline in #webchat), a
// language picker, demo numbers to try, and the agent hub of a handoff, read from the hub (the local
// channel) as a real hub is a system apart: of the chat's conversation, this page reads only its id.
(function () {
  'use strict';
  var select = document.getElementById('language');
  var list = document.getElementById('demo');
  var demos = document.getElementById('demos');
  // On a phone the chat comes first and the demo list is folded below it; on a desktop it is open beside the chat.
  var phone = window.matchMedia('(max-width: 720px)');
  demos.open = !phone.matches;

  // The language: the one picked in this tab before (a reload keeps it), else the browser's. The widget's tag
  // runs after this script (it is deferred) and takes the page's <html lang>, as on a store's page.
  var LOCALE_KEY = 'sandbox-locale';
  var preferred = kept() || navigator.language || 'en-US';
  for (var i = 0; i < select.options.length; i++)
    if (select.options[i].value.slice(0, 2) === preferred.slice(0, 2)) select.selectedIndex = i;
  document.documentElement.lang = select.value.slice(0, 2);
  function kept() {
    try {
      return window.sessionStorage.getItem(LOCALE_KEY);
    } catch (_e) {
      return null;
    }
  }
  // The same conversation and customer in another language: the lookup limits and a cool-down hold.
  select.addEventListener('change', function () {
    document.documentElement.lang = select.value.slice(0, 2);
    try {
      window.sessionStorage.setItem(LOCALE_KEY, select.value);
    } catch (_e) {
      // Storage refused: the picker's choice lasts as long as this page.
    }
    if (window.OrderTrackingChat) window.OrderTrackingChat.setLocale(select.value);
  });

  document.addEventListener('DOMContentLoaded', function () {
    if (!window.OrderTrackingChat) {
      var missing = document.createElement('p');
      missing.id = 'missing';
      missing.textContent = 'The chat widget did not load (/webchat.js): is the bot running?';
      document.getElementById('webchat').appendChild(missing);
      return;
    }
    // Not on a phone: focus would open the keyboard over the chat before anyone asked for it.
    if (!phone.matches) window.OrderTrackingChat.open();
  });

  fetch('/sandbox/demo.json')
    .then(function (response) {
      return response.json();
    })
    .then(function (demo) {
      demo.forEach(function (item) {
        var button = document.createElement('button');
        button.type = 'button';
        button.innerHTML = '<b></b><small></small>';
        button.querySelector('b').textContent = item.identifier + (item.store_id ? ' · ' + item.store_id : '');
        button.querySelector('small').textContent = item.label;
        button.addEventListener('click', function () {
          if (!window.OrderTrackingChat) return;
          // A lookup sent as data, as a store's "Track my order" button sends it.
          window.OrderTrackingChat.track({
            input_type: item.input_type,
            identifier: item.identifier,
            store_id: item.store_id || undefined,
          });
          // On a phone the answer is above: fold the list and bring the chat back into view.
          if (phone.matches) {
            demos.open = false;
            document.getElementById('webchat').scrollIntoView({ block: 'start' });
          }
        });
        var li = document.createElement('li');
        li.appendChild(button);
        list.appendChild(li);
      });
    });

  // The agent hub, and you its agent. Everything in the case, the transcript and the chat is shown as text,
  // never as markup: it holds what the customer typed.
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
    lines: 0,
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
  /** The case the hub received: what it asks about, and the transcript that came with it. */
  function showCase(hubCase) {
    var activity = hubCase.event;
    var value = activity.value || {};
    hub.conversationId = hubCase.conversationId;
    hub.arrived = hubCase.arrived;
    hub.caseView.replaceChildren();
    hub.caseView.appendChild(element('p', 'Language: ' + (value.locale || value.language || '?')));
    var lookups = value.lookups || [];
    if (!lookups.length) hub.caseView.appendChild(element('p', 'Nothing looked up in this conversation yet.'));
    lookups.forEach(function (lookup) {
      hub.caseView.appendChild(
        element('p', lookup.kind + ' ' + lookup.identifier + (lookup.storeId ? ' (' + lookup.storeId + ')' : '')),
      );
      var shipments = element('ul');
      (lookup.shipments || []).forEach(function (shipment) {
        var event = shipment.lastEvent;
        var last = event
          ? ' · last event: ' +
            [event.text, event.location, event.at && new Date(event.at).toLocaleString()].filter(Boolean).join(', ')
          : '';
        var problem = shipment.problem ? ' · problem: ' + (PROBLEMS[shipment.problem] || shipment.problem) : '';
        shipments.appendChild(
          element(
            'li',
            [shipment.carrier, shipment.trackingNumber].filter(Boolean).join(' ') +
              ': ' +
              shipment.statusText +
              ' (' +
              shipment.status +
              ')' +
              problem +
              last,
          ),
        );
      });
      if (shipments.children.length) hub.caseView.appendChild(shipments);
    });
    var attached = (activity.attachments || []).filter(function (a) {
      return a.name === 'Transcript';
    })[0];
    var lines = attached && attached.content && attached.content.activities ? attached.content.activities : [];
    hub.transcript.replaceChildren();
    lines.forEach(function (line) {
      hub.transcript.appendChild(
        element('li', (line.from && line.from.role === 'user' ? 'Customer: ' : 'Bot: ') + line.text),
      );
    });
    if (!lines.length) hub.transcript.appendChild(element('li', 'No transcript (HANDOFF_TRANSCRIPT=off).'));
    hub.raw.textContent = JSON.stringify(activity, null, 2);
    hub.chat.replaceChildren();
    hub.lines = 0;
    hub.state = null;
    hub.section.hidden = false;
  }
  /** What passed between the customer and the agent since the last look. */
  function showLines(lines) {
    lines.slice(hub.lines).forEach(function (line) {
      var item = element('li', (line.from === 'agent' ? 'You (Sam): ' : 'Customer: ') + line.text);
      if (line.from === 'agent') item.className = 'agent';
      hub.chat.appendChild(item);
    });
    hub.lines = lines.length;
  }
  // Waiting: accept, or nobody is free. Accepted: talk, then be done. Over: nothing more to press.
  function setHubState(state) {
    var changed = state !== hub.state;
    hub.state = state;
    hub.status.textContent = STATES[state] || state;
    hub.accept.hidden = state !== 'waiting';
    hub.none.hidden = state !== 'waiting';
    hub.done.hidden = state !== 'accepted' && state !== 'completed';
    [hub.accept, hub.none, hub.done].forEach(function (button) {
      button.disabled = state === 'completed' || state === 'failed';
    });
    hub.talk.hidden = state !== 'accepted' && !hub.chat.children.length;
    hub.reply.hidden = state !== 'accepted';
    hub.note.hidden = state !== 'waiting' && state !== 'accepted';
    if (changed && state === 'accepted' && !phone.matches) hub.text.focus();
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
      [hub.accept, hub.done, hub.none].forEach(function (b) {
        b.disabled = true;
      });
      toHub('status', { state: button.id.slice('hub-'.length) }).then(look);
    });
  });
  hub.reply.addEventListener('submit', function (event) {
    event.preventDefault();
    var text = hub.text.value.trim();
    if (!text || !hub.conversationId || hub.state !== 'accepted') return;
    hub.text.value = '';
    toHub('messages', { text: text }).then(look);
  });

  // This tab's conversation: the widget's frame, of this same origin, keeps it in this tab's sessionStorage.
  // Only its id is read, to pick this conversation's case from the hub's queue (another tab's is not ours).
  var CHAT_KEY = 'order-tracking-chat';
  function ownConversation() {
    try {
      var kept = JSON.parse(window.sessionStorage.getItem(CHAT_KEY));
      return kept && typeof kept.conversationId === 'string' ? kept.conversationId : null;
    } catch (_e) {
      return null;
    }
  }
  // The hub's queue, as the agent of this tab's conversation watches it: its newest case (the hub keeps one per
  // conversation, a second handoff replacing the first), shown afresh when a newer one arrives; one that ended
  // before this page opened is not shown.
  function look() {
    return fetch('/sandbox/hub/cases', { cache: 'no-store' })
      .then(function (response) {
        return response.ok ? response.json() : { cases: [] };
      })
      .then(
        function (queue) {
          var own = ownConversation();
          var next = own
            ? queue.cases.filter(function (c) {
                return c.conversationId === own;
              })[0]
            : undefined;
          if (!next) {
            // The chat started another conversation: the last one's case is not this one's.
            if (hub.conversationId && hub.conversationId !== own) {
              hub.section.hidden = true;
              hub.conversationId = null;
              hub.arrived = undefined;
            }
            return;
          }
          if (next.arrived !== hub.arrived) {
            if (hub.arrived === undefined && next.state !== 'waiting' && next.state !== 'accepted') return;
            showCase(next);
          }
          showLines(next.lines);
          setHubState(next.state);
        },
        function () {
          // The sandbox stopped: the next look tries again.
        },
      );
  }
  look();
  setInterval(look, 700);
})();
