// The sandbox's WhatsApp phone page: one demo number's thread, drawn as WhatsApp draws it, from what the bot sent
// that number (the Graph API stand-in's record, read every second), between what the customer sent. Sending goes
// through the sandbox (POST /sandbox/whatsapp/messages), which signs it as Meta does: no secret is on this page.
// The messages are drawn from Meta's documented shapes: text, interactive button / list / cta_url, template.
(function () {
  'use strict';
  var BASE = '/sandbox/whatsapp';
  var POLL_MS = 1000;
  var LANGUAGES = { en: 'English', de: 'German', fr: 'French', es: 'Spanish', it: 'Italian', nl: 'Dutch' };
  var NUMBER_KEY = 'sandbox-whatsapp-number';

  var select = document.getElementById('number');
  var other = document.getElementById('other');
  var guess = document.getElementById('guess');
  var thread = document.getElementById('thread');
  var composer = document.getElementById('composer');
  var input = document.getElementById('text');
  var sendButton = document.getElementById('send');
  var error = document.getElementById('error');
  var menu = document.getElementById('menu');

  var number = '';
  var drawn = {}; // entry id → its element
  var typing = null;
  var generation = 0; // a number switched mid-poll: the old answer is dropped

  // ---- The number ----
  function kept() {
    try {
      return window.sessionStorage.getItem(NUMBER_KEY);
    } catch (_e) {
      return null;
    }
  }
  function keep(value) {
    try {
      window.sessionStorage.setItem(NUMBER_KEY, value);
    } catch (_e) {
      // Storage refused: the choice lasts as long as the page.
    }
  }
  function digits(value) {
    return String(value || '').replace(/[^\d]/g, '');
  }

  fetch(BASE + '/numbers.json')
    .then(function (response) {
      return response.json();
    })
    .then(function (list) {
      list.forEach(function (phone) {
        var option = document.createElement('option');
        option.value = phone.number;
        option.textContent = phone.shown + ' (' + phone.country + ')';
        select.appendChild(option);
      });
      var own = document.createElement('option');
      own.value = 'other';
      own.textContent = 'Another number…';
      select.appendChild(own);
      var wanted = new URLSearchParams(location.search).get('number') || kept();
      var known = list.some(function (phone) {
        return phone.number === digits(wanted);
      });
      if (wanted && known) select.value = digits(wanted);
      else if (wanted) {
        select.value = 'other';
        other.value = '+' + digits(wanted);
      }
      chose();
    });

  function chose() {
    other.hidden = select.value !== 'other';
    var value = select.value === 'other' ? digits(other.value) : select.value;
    if (select.value === 'other' && value.length < 7) {
      guess.textContent = 'Type a number with its country code.';
      switchTo('');
      return;
    }
    guess.textContent = '';
    keep(value);
    switchTo(value);
  }
  select.addEventListener('change', function () {
    chose();
    if (select.value === 'other') other.focus();
  });
  other.addEventListener('change', chose);
  document.getElementById('who').addEventListener('submit', function (event) {
    event.preventDefault();
    chose();
  });

  function switchTo(value) {
    if (value === number) return;
    number = value;
    generation++;
    drawn = {};
    typing = null;
    thread.textContent = '';
    input.disabled = sendButton.disabled = !number;
    if (number) poll();
  }

  // ---- Reading the thread ----
  function poll() {
    var asked = generation;
    fetch(BASE + '/thread?number=' + encodeURIComponent(number), { cache: 'no-store' })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (answer) {
        if (asked === generation) draw(answer);
      })
      .catch(function () {
        // The sandbox stopped or restarted: keep asking.
      });
  }
  setInterval(function () {
    if (number) poll();
  }, POLL_MS);

  function draw(answer) {
    guess.textContent = answer.firstGuess
      ? 'From the country code, the bot first answers in ' +
        (LANGUAGES[answer.firstGuess] || answer.firstGuess) +
        ', until your words tell it otherwise.'
      : 'The country code tells no one language: the bot starts in its default one, until your words tell it.';
    var follow = thread.scrollHeight - thread.scrollTop - thread.clientHeight < 80;
    var added = false;
    var note = thread.querySelector('.empty');
    if (note && answer.entries.length) note.remove();
    if (!answer.entries.length && !note) {
      var empty = document.createElement('p');
      empty.className = 'empty';
      empty.textContent =
        'Messages to this business are answered by its order-tracking bot. Say hello, or ask about an order.';
      thread.appendChild(empty);
    }
    answer.entries.forEach(function (entry) {
      var element = drawn[entry.id];
      if (!element) {
        element = entry.from === 'customer' ? mine(entry) : theirs(entry);
        drawn[entry.id] = element;
        thread.insertBefore(element, typing);
        added = true;
      }
      if (entry.from === 'customer') ticks(element, entry.read ? 'read' : 'sent');
    });
    showTyping(answer.typing);
    if (added || answer.typing) {
      if (follow || added) thread.scrollTop = thread.scrollHeight;
    }
  }

  function showTyping(on) {
    if (on && !typing) {
      typing = message('theirs typing');
      typing.querySelector('.bubble').setAttribute('aria-label', 'typing…');
      typing.querySelector('.bubble').setAttribute('role', 'status');
      for (var i = 0; i < 3; i++) typing.querySelector('.bubble').appendChild(element('span', 'dot'));
      typing.querySelector('.meta').remove();
      thread.appendChild(typing);
    } else if (!on && typing) {
      typing.remove();
      typing = null;
    }
  }

  // ---- Drawing ----
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function message(kind, at) {
    var box = element('div', 'msg ' + kind);
    var bubble = element('div', 'bubble');
    box.appendChild(bubble);
    var meta = element('span', 'meta');
    if (at) meta.appendChild(element('time', '', clock(at)));
    bubble.appendChild(meta);
    return box;
  }

  function clock(at) {
    var date = new Date(at);
    return String(date.getHours()).padStart(2, '0') + ':' + String(date.getMinutes()).padStart(2, '0');
  }

  /** The customer's own message: their words (or the title they pressed), the time and the ticks. */
  function mine(entry) {
    var box = message('mine', entry.at);
    var bubble = box.querySelector('.bubble');
    bubble.insertBefore(formatted(entry.text), bubble.lastChild);
    var state = element('span', 'ticks');
    state.setAttribute('role', 'img');
    box.querySelector('.meta').appendChild(state);
    return box;
  }

  function ticks(box, state) {
    var mark = box.querySelector('.ticks');
    if (mark.dataset.state === state) return;
    mark.dataset.state = state;
    mark.className = 'ticks ' + state;
    mark.textContent = state === 'read' ? '✓✓' : '✓';
    mark.setAttribute('aria-label', state === 'read' ? 'Read' : 'Sent');
  }

  /** The business's message, as WhatsApp draws each kind. */
  function theirs(entry) {
    var box = message('theirs', entry.at);
    var bubble = box.querySelector('.bubble');
    var meta = bubble.lastChild;
    var body = entry.message || {};
    var add = function (node) {
      bubble.insertBefore(node, meta);
    };
    if (body.type === 'text') {
      add(formatted((body.text && body.text.body) || ''));
    } else if (body.type === 'interactive') {
      interactive(body.interactive || {}, add, box, entry.id);
    } else if (body.type === 'template') {
      template(body.template || {}, add);
    } else {
      add(element('em', '', 'A message of a kind this page does not draw (' + body.type + ').'));
    }
    return box;
  }

  function interactive(message, add, box, id) {
    if (message.header && message.header.type === 'text') add(formatted(message.header.text, 'header'));
    if (message.body) add(formatted(message.body.text || ''));
    if (message.footer && message.footer.text) add(element('span', 'footer', message.footer.text));
    var action = message.action || {};
    var actions = element('div', 'actions');
    if (message.type === 'button') {
      (action.buttons || []).forEach(function (button) {
        var reply = button.reply || {};
        actions.appendChild(
          press('↩ ' + reply.title, reply.title, function () {
            send({ reply: { type: 'button_reply', id: reply.id, title: reply.title }, context: id });
          }),
        );
      });
    } else if (message.type === 'list') {
      actions.appendChild(
        press('☰ ' + action.button, action.button, function (event) {
          openMenu(action, id, event.currentTarget);
        }),
      );
    } else if (message.type === 'cta_url') {
      var parameters = action.parameters || {};
      var link = element('a', '', '↗ ' + parameters.display_text);
      link.href = parameters.url;
      link.target = '_blank';
      link.rel = 'noopener';
      link.setAttribute('aria-label', parameters.display_text + ' (opens ' + hostOf(parameters.url) + ')');
      actions.appendChild(link);
    }
    if (actions.childNodes.length) box.appendChild(actions);
  }

  function press(shown, name, onPress) {
    var button = element('button', '', shown);
    button.type = 'button';
    button.setAttribute('aria-label', name);
    button.addEventListener('click', onPress);
    return button;
  }

  function hostOf(url) {
    try {
      return new URL(url).host;
    } catch (_e) {
      return 'a link';
    }
  }

  /** A business-initiated template: WhatsApp shows the approved text; the send names it and gives its parameters. */
  function template(message, add) {
    var language = message.language && message.language.code;
    add(element('span', 'label', '▤ Template: ' + message.name + (language ? ' · ' + language : '')));
    (message.components || []).forEach(function (component) {
      var values = (component.parameters || [])
        .map(function (parameter) {
          return parameter.text !== undefined ? parameter.text : parameter.payload;
        })
        .filter(function (value) {
          return value !== undefined;
        });
      if (!values.length) return;
      if (component.type === 'header') add(formatted(values.join(' '), 'header'));
      else if (component.type === 'body') add(formatted(values.join('\n')));
    });
  }

  /** WhatsApp's formatting: *bold*, _italic_, ~strike~, ```monospace```, and links; everything else as typed. */
  function formatted(text, className) {
    var span = element('span', className || 'text');
    var pattern = /```([^`]+)```|\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~|(https?:\/\/[^\s]+)/g;
    var last = 0;
    var match;
    while ((match = pattern.exec(text))) {
      var inner = match[1] || match[2] || match[3] || match[4];
      // A marker binds only with no space inside it ("2 * 3 * 4" stays as typed).
      if (inner !== undefined && !match[1] && /^\s|\s$/.test(inner)) continue;
      span.appendChild(document.createTextNode(text.slice(last, match.index)));
      var node;
      if (match[5]) {
        node = element('a', '', match[5]);
        node.href = match[5];
        node.target = '_blank';
        node.rel = 'noopener';
      } else node = element(match[1] ? 'code' : match[2] ? 'strong' : match[3] ? 'em' : 's', '', inner);
      span.appendChild(node);
      last = match.index + match[0].length;
    }
    span.appendChild(document.createTextNode(text.slice(last)));
    return span;
  }

  // ---- A list's menu ----
  var menuOpener = null;
  function openMenu(action, id, opener) {
    menuOpener = opener;
    document.getElementById('menu-title').textContent = action.button;
    var rows = document.getElementById('menu-rows');
    rows.textContent = '';
    (action.sections || []).forEach(function (section) {
      if (section.title) rows.appendChild(element('h3', '', section.title));
      var list = element('ul');
      (section.rows || []).forEach(function (row) {
        var item = element('li');
        var button = element('button');
        button.type = 'button';
        button.appendChild(element('span', '', row.title));
        if (row.description) button.appendChild(element('small', '', row.description));
        button.addEventListener('click', function () {
          menu.close();
          send({
            reply: { type: 'list_reply', id: row.id, title: row.title, description: row.description },
            context: id,
          });
        });
        item.appendChild(button);
        list.appendChild(item);
      });
      rows.appendChild(list);
    });
    menu.showModal();
  }
  document.getElementById('menu-close').addEventListener('click', function () {
    menu.close();
  });
  menu.addEventListener('close', function () {
    if (menuOpener && document.activeElement === document.body) menuOpener.focus();
  });

  // ---- Sending ----
  function send(what) {
    if (!number) return Promise.resolve();
    error.hidden = true;
    var body = Object.assign({ number: number }, what);
    return fetch(BASE + '/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok) throw new Error(answer.message || 'HTTP ' + response.status);
        });
      })
      .then(poll)
      .catch(function (problem) {
        error.textContent = 'Not sent: ' + problem.message;
        error.hidden = false;
      });
  }

  composer.addEventListener('submit', function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    input.value = '';
    send({ text: text });
    input.focus();
  });

  // The demo orders beside the phone: a click writes one into the message box, to send as it is or in a sentence.
  fetch('/sandbox/demo.json')
    .then(function (response) {
      return response.json();
    })
    .then(function (demos) {
      var list = document.getElementById('demo');
      demos.slice(0, 8).forEach(function (demo) {
        var item = element('li');
        var button = element('button');
        button.type = 'button';
        button.appendChild(element('b', '', demo.identifier));
        button.appendChild(element('small', '', demo.label));
        button.addEventListener('click', function () {
          input.value = (input.value ? input.value + ' ' : '') + demo.identifier;
          input.focus();
        });
        item.appendChild(button);
        list.appendChild(item);
      });
    });
})();
