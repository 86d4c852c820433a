// Web Chat 4.18 hands every action a card runs to its own handler, which knows only Submit and OpenUrl and
// logs "received unknown action from Adaptive Cards" for any other (microsoft/BotFramework-WebChat#4761):
// every "Show earlier". A toggle of the card's own elements is done by the card itself, so Web Chat gets
// the same Adaptive Cards library (its own version, served beside it) with toggles that stay in the card:
// pass window.AdaptiveCards as Web Chat's adaptiveCardsPackage after this script ran.
(function (AC) {
  'use strict';
  if (!AC || AC.cardOwnToggle) return;
  class CardOwnToggle extends AC.ToggleVisibilityAction {
    raiseExecuteActionEvent() {
      if (this.onExecute) this.onExecute(this);
    }
  }
  AC.GlobalRegistry.actions.register('Action.ToggleVisibility', CardOwnToggle, AC.Versions.v1_2);
  AC.cardOwnToggle = true;
})(window.AdaptiveCards);
