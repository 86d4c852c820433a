/**
 * Runs in the browser after the adaptivecards bundle and textLayoutProbe.js: renders cards side by side,
 * each in a frame of the host's card width (styled by `css`), replacing the last batch, and returns what
 * the probe finds in each.
 */
window.renderCards = (cards, hostConfig, css) => {
  document.getElementById('host').textContent = css;
  document.body.replaceChildren();
  const config = new AdaptiveCards.HostConfig(hostConfig);
  const rendered = cards.map(({ name, card }) => {
    const adaptive = new AdaptiveCards.AdaptiveCard();
    adaptive.hostConfig = config;
    adaptive.parse(card);
    const frame = document.createElement('div');
    frame.className = 'card';
    frame.appendChild(adaptive.render());
    document.body.appendChild(frame);
    return { name, frame };
  });
  return rendered.flatMap(({ name, frame }) => window.textLayoutProblems(frame, name));
};
