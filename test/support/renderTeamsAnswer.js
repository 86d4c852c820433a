/**
 * Runs in the browser after the adaptivecards bundle and textLayoutProbe.js: draws a bot's activities
 * as Teams shows them (each message's text, then its cards: side by side in a carousel, else one under
 * the other; a card of `msteams.width: Full` as wide as the column), replacing the last drawing, and
 * returns per card whether it shows a parcel and its buttons' titles; for the cards that hold only
 * buttons (an answer's choices), the buttons not wholly on screen and what the probe finds.
 */
window.renderTeamsAnswer = (activities, hostConfig) => {
  const config = new AdaptiveCards.HostConfig(hostConfig);
  // Teams renders the Markdown subset the cards use: bold, and backslash escapes.
  AdaptiveCards.AdaptiveCard.onProcessMarkdown = (text, result) => {
    const html = text
      .replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
      .replace(/\*\*((?:[^*\\]|\\.)+)\*\*/g, '<b>$1</b>');
    result.outputHtml = html.replace(/\\([!-/:-@[-`{-~])/g, '$1');
    result.didProcess = true;
  };
  document.body.replaceChildren();
  const frames = [];
  for (const activity of activities) {
    const message = document.createElement('div');
    message.className = 'message';
    if (activity.text) {
      const text = document.createElement('div');
      text.className = 'text';
      text.textContent = activity.text;
      message.appendChild(text);
    }
    const holder = document.createElement('div');
    if (activity.attachmentLayout === 'carousel') holder.className = 'carousel';
    for (const attachment of activity.attachments || []) {
      const card = new AdaptiveCards.AdaptiveCard();
      card.hostConfig = config;
      card.parse(attachment.content);
      const frame = document.createElement('div');
      frame.className = `card ${attachment.content.msteams && attachment.content.msteams.width === 'Full' ? 'full' : 'normal'}`;
      frame.appendChild(card.render());
      holder.appendChild(frame);
      frames.push(frame);
    }
    message.appendChild(holder);
    document.body.appendChild(message);
  }
  const width = document.documentElement.clientWidth;
  const buttons = (frame) =>
    Array.from(frame.querySelectorAll('.ac-pushButton')).filter((button) => button.offsetParent !== null);
  const parcel = (frame) => frame.querySelector('.ac-textBlock') !== null;
  const choices = frames.filter((frame) => !parcel(frame));
  const cut = choices.flatMap(buttons).filter((button) => {
    const rect = button.getBoundingClientRect();
    return rect.left < 0 || rect.right > width + 0.5 || button.scrollWidth > button.clientWidth + 1;
  });
  return {
    cards: frames.map((frame) => ({
      parcel: parcel(frame),
      buttons: buttons(frame).map((button) => button.innerText.trim()),
    })),
    cutButtons: cut.map((button) => button.innerText.trim()),
    problems: choices
      .flatMap((frame) => window.textLayoutProblems(frame, 'choices'))
      .map(({ kind, text }) => ({ kind, text })),
  };
};
