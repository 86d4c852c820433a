// The Insights panel: the picture of a day an operator's dashboards show (the same figures, titles and
// computations: src/telemetry/dayPicture.ts), read from this sandbox's own metrics (GET /sandbox/insights)
// every few seconds while the panel is open, each figure a small chart of the last ten minutes drawn here
// as SVG. Everything is set as text or SVG attributes, never as markup.
(function () {
  'use strict';
  var panel = document.getElementById('insights');
  var holder = document.getElementById('insights-figures');
  var note = document.getElementById('insights-note');
  var SVG = 'http://www.w3.org/2000/svg';
  var REFRESH_MS = 3000;
  // The chart's drawing box; it scales to the panel's width.
  var WIDTH = 300;
  var HEIGHT = 64;
  var TOP = 12;
  // Below the plot: the time axis' two ends.
  var AXIS = 12;
  // On a phone the chat comes first: the panel starts folded, as the demo list does.
  panel.open = !window.matchMedia('(max-width: 720px)').matches;
  var cards = {};
  var timer = null;

  function format(unit, value) {
    if (value === null || value === undefined) return '–';
    if (unit === 'percent') return Math.round(value) + ' %';
    if (unit === 'seconds')
      return value < 1 ? Math.round(value * 1000) + ' ms' : value.toFixed(value < 10 ? 2 : 1) + ' s';
    return String(Math.round(value));
  }
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function svgElement(tag, attributes) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attributes).forEach(function (name) {
      node.setAttribute(name, attributes[name]);
    });
    return node;
  }

  /** A figure's card, built once: its title (and its value, when it is one number), what it means, the chart, the legend. */
  function cardFor(figure) {
    if (cards[figure.id]) return cards[figure.id];
    var section = element('section', 'figure');
    section.setAttribute('data-figure', figure.id);
    var heading = element('h3');
    heading.appendChild(element('span', 'title', figure.title));
    var single = figure.series.length === 1;
    var now = single ? heading.appendChild(element('span', 'now')) : null;
    section.appendChild(heading);
    section.appendChild(element('p', 'means', figure.means));
    var chart = svgElement('svg', { viewBox: '0 0 ' + WIDTH + ' ' + (HEIGHT + AXIS), role: 'img' });
    section.appendChild(chart);
    var legend = element('ul', 'legend');
    var values = {};
    figure.series.forEach(function (series, i) {
      var item = element('li', 's' + i);
      item.setAttribute('data-series', series.id);
      item.appendChild(element('i', 'swatch'));
      item.appendChild(element('span', '', series.label + ' '));
      values[series.id] = item.appendChild(element('b'));
      legend.appendChild(item);
    });
    if (!single) section.appendChild(legend);
    holder.appendChild(section);
    cards[figure.id] = { now: now, chart: chart, values: values };
    return cards[figure.id];
  }

  /** The top of the chart: 100 % for a share, else the roundest number (1, 2 or 5 times a power of ten) above every value drawn. */
  function ceiling(figure) {
    if (figure.unit === 'percent') return 100;
    var most = 0;
    figure.series.forEach(function (series) {
      series.history.concat([series.value]).forEach(function (value) {
        if (value !== null && value > most) most = value;
      });
    });
    var top = figure.unit === 'seconds' ? 0.1 : 1;
    for (var step = 0; top <= most; step++) top = top * (step % 3 === 1 ? 2.5 : 2);
    return top;
  }
  /** A series that has been 0 (or nothing) all along is not drawn: the zeros would hide each other. Its legend says 0. */
  function moved(series) {
    return series.history.concat([series.value]).some(function (value) {
      return value !== null && value !== 0;
    });
  }
  function minutes(ms) {
    return Math.max(1, Math.round(ms / 60000)) + ' min';
  }

  /** Since the first sample (a minute at least, ten at most) up to now at the right edge: each series a line, a dot where it stands now. */
  function draw(card, figure, insights) {
    var chart = card.chart;
    chart.replaceChildren();
    var top = ceiling(figure);
    var span = Math.min(insights.keptMs, Math.max(60000, insights.at - (insights.times[0] || insights.at)));
    var from = insights.at - span;
    // Room at the right for the dot of now.
    var x = function (t) {
      return (Math.max(0, t - from) / span) * (WIDTH - 4);
    };
    var y = function (v) {
      return HEIGHT - 1 - (v / top) * (HEIGHT - 1 - TOP);
    };
    chart.appendChild(svgElement('line', { class: 'grid', x1: 0, x2: WIDTH, y1: HEIGHT - 1, y2: HEIGHT - 1 }));
    chart.appendChild(
      svgElement('line', { class: 'grid', x1: 0, x2: WIDTH, y1: TOP, y2: TOP, 'stroke-dasharray': '2 3' }),
    );
    var scale = svgElement('text', { x: 0, y: TOP - 3 });
    scale.textContent = format(figure.unit, top);
    chart.appendChild(scale);
    var start = svgElement('text', { x: 0, y: HEIGHT + AXIS - 1 });
    start.textContent = minutes(span) + ' ago';
    chart.appendChild(start);
    var end = svgElement('text', { x: WIDTH, y: HEIGHT + AXIS - 1, 'text-anchor': 'end' });
    end.textContent = 'now';
    chart.appendChild(end);
    var said = [];
    figure.series.forEach(function (series, i) {
      said.push(series.label + ': ' + format(figure.unit, series.value));
      if (card.values[series.id]) card.values[series.id].textContent = format(figure.unit, series.value);
      if (!moved(series)) return;
      var path = '';
      var pen = 'M';
      series.history.forEach(function (value, j) {
        // A gap where there was no value (a share of nothing yet): the line starts again after it.
        if (value === null) {
          pen = 'M';
          return;
        }
        path += pen + x(insights.times[j]).toFixed(1) + ' ' + y(value).toFixed(1) + ' ';
        pen = 'L';
      });
      if (path) chart.appendChild(svgElement('path', { class: 's' + i, d: path }));
      if (series.value !== null)
        chart.appendChild(
          svgElement('circle', { class: 's' + i, cx: x(insights.at).toFixed(1), cy: y(series.value).toFixed(1), r: 3 }),
        );
    });
    if (card.now) card.now.textContent = format(figure.unit, figure.series[0].value);
    chart.setAttribute('aria-label', figure.title + ', the last ' + minutes(span) + '. Now: ' + said.join(', '));
  }

  function refresh() {
    return fetch('/sandbox/insights', { cache: 'no-store' }).then(
      function (response) {
        if (response.status === 404) {
          // This process keeps no metrics (a sandbox started without them): nothing will come.
          note.hidden = false;
          stop();
          return;
        }
        if (!response.ok) return;
        return response.json().then(function (insights) {
          note.hidden = true;
          insights.figures.forEach(function (figure) {
            draw(cardFor(figure), figure, insights);
          });
        });
      },
      function () {
        // The sandbox stopped: the next refresh tries again.
      },
    );
  }
  function start() {
    if (timer) return;
    refresh();
    timer = setInterval(refresh, REFRESH_MS);
  }
  function stop() {
    clearInterval(timer);
    timer = null;
  }
  panel.addEventListener('toggle', function () {
    if (panel.open) start();
    else stop();
  });
  if (panel.open) start();
})();
