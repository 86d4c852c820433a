/**
 * Runs in the browser (added with page.addInitScript, so in the chat's frame too): what a reader of a rendered card would find wrong
 * with its text. `window.textLayoutProblems(root, name)` lists, for every visible text node under root:
 * - clipped: a line of it lies outside the card or outside a box between it and the card that hides
 *   overflow (a cut button title, an ellipsis, a column too narrow);
 * - broken word: a run of characters with no break opportunity (between spaces, hyphens, slashes) is
 *   split across two lines, as in "Trackingnumm / er" or "1ZV8R4236804512 / 972";
 * - contrast: its computed colour over the backgrounds behind it is below 4.5:1 (WCAG 2.2 AA).
 */
(() => {
  const SLACK = 0.5;

  function clipBoxes(node, root) {
    const boxes = [];
    for (let element = node.parentElement; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (element === root || style.overflowX !== 'visible' || style.overflowY !== 'visible')
        boxes.push({
          element,
          rect: element.getBoundingClientRect(),
          x: element === root || style.overflowX !== 'visible',
          y: element === root || style.overflowY !== 'visible',
        });
      if (element === root) break;
    }
    return boxes;
  }

  function lines(rects) {
    return new Set(Array.from(rects, (rect) => Math.round(rect.top + rect.height / 2))).size;
  }

  function parseRgba(css) {
    const [r, g, b, a = 1] = css.match(/[\d.]+/g).map(Number);
    return { r, g, b, a };
  }

  function over(top, below) {
    const mix = (f, b) => top.a * f + (1 - top.a) * b;
    return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b), a: 1 };
  }

  function luminance({ r, g, b }) {
    const linear = (channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  }

  /** The background behind an element: its ancestors' background colours blended down to the page's white. */
  function backgroundOf(element) {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = parseRgba(getComputedStyle(e).backgroundColor);
      if (colour.a > 0) layers.push(colour);
      if (colour.a === 1) break;
    }
    return layers.reverse().reduce((below, top) => over(top, below), { r: 255, g: 255, b: 255, a: 1 });
  }

  function contrast(element) {
    const background = backgroundOf(element);
    const style = getComputedStyle(element);
    const text = over({ ...parseRgba(style.color), a: parseRgba(style.color).a * Number(style.opacity) }, background);
    const [l1, l2] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  }

  window.textLayoutProblems = (root, name) => {
    const problems = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const checked = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      if (!text.trim()) continue;
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (!rects.length) continue; // not rendered (a hidden container)
      const excerpt = text.trim().slice(0, 80);

      for (const box of clipBoxes(node, root)) {
        const out = rects.some(
          (r) =>
            (box.x && (r.left < box.rect.left - SLACK || r.right > box.rect.right + SLACK)) ||
            (box.y && (r.top < box.rect.top - SLACK || r.bottom > box.rect.bottom + SLACK)),
        );
        if (out) {
          problems.push({
            card: name,
            kind: 'clipped',
            text: excerpt,
            detail: `outside ${box.element === root ? 'the card' : box.element.className || box.element.tagName}`,
          });
          break;
        }
      }

      if (lines(rects) > 1) {
        for (const match of text.matchAll(/[^\s\-/–—]+/g)) {
          if (match[0].length < 2) continue;
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (lines(Array.from(range.getClientRects()).filter((r) => r.width > 0)) > 1)
            problems.push({ card: name, kind: 'broken word', text: excerpt, detail: match[0] });
        }
      }

      const element = node.parentElement;
      if (!checked.has(element)) {
        checked.add(element);
        const ratio = contrast(element);
        if (ratio < 4.5)
          problems.push({
            card: name,
            kind: 'contrast',
            text: excerpt,
            detail: `${getComputedStyle(element).color} is ${ratio.toFixed(2)}:1`,
          });
      }
    }
    return problems;
  };
})();
