/**
 * What an update says, in the customer's language and zone (pure): a line saying what changed, the
 * status cards of the shipments that moved (the same cards as a lookup, next steps included), and what
 * the customer can do: stop the updates, or open the help page when something is wrong.
 */
import { renderShipments } from '../cards';
import { disclosureOf, type DisclosurePolicy } from '../customers/disclosure';
import { maskedShipments } from '../customers/maskedShipments';
import type { Choice, Message } from '../channels';
import type { Localization, Translate } from '../i18n';
import { problemOf } from '../nextSteps/problem';
import { helpPageChoice, type SupportPages } from '../nextSteps/supportPages';
import { stopValue } from '../recognize/choiceValues';
import type { Shipment } from '../tracking/shipment';
import type { Watch } from './watchRecord';

export interface Announcement {
  /** The locale it is written in, decided once by the check (the watch's, as the bot speaks it): the turn that sends it speaks it too. */
  locale: string;
  messages: Message[];
  /** The choices the last message offers, in order (a number on a text channel picks among them). */
  choices: Choice[];
  /**
   * The update in two short parts, for a channel that must send it as a pre-approved template (WhatsApp outside its
   * window): the order as the customer typed it, and what became of it, in words the watch may show.
   */
  headline?: { order: string; status: string };
  /**
   * What the choices do for this update, for a channel that shows them apart from the text (WhatsApp, after the
   * parcel's link button): an update the customer did not ask for, so not a lookup's "Anything else?".
   */
  choicesNote?: string;
  /** Nothing follows it: the watch ends once it is sent (its last update, its time up, the channel's reach). */
  ends?: true;
  /**
   * What the watch says once this is sent (its fingerprints): a failure reported later puts the watch back only
   * while it still says this, so that a newer update sent since is not repeated.
   */
  announces?: Record<string, string>;
}

export interface AnnouncementSettings {
  /** For times when the customer's client sent no zone. */
  defaultTimeZone: string;
  staleAfterDays: number;
  supportPages: SupportPages;
  /** ORDER_DETAILS: for watches kept from before they recorded how they were shown. */
  disclosure: DisclosurePolicy;
}

/** The upstream's own words when they are in the customer's language ("Dispatched"), else ours for the category. */
function statusWords(shipment: Shipment, t: Translate): string {
  const label = shipment.localizedTexts ? shipment.status.label?.trim() : undefined;
  return label || t(`status.${shipment.status.category}`);
}

export class AnnouncementWriter {
  constructor(private readonly settings: AnnouncementSettings) {}

  /** `changed`: the shipments whose status moved; `last`: nothing more will happen, so this update ends the watch. */
  update(watch: Watch, speaking: Localization, changed: Shipment[], now: number, last: boolean): Announcement {
    const { t, locale, language } = speaking;
    const moved =
      changed.length === 1
        ? t('notify.moved', { identifier: watch.shown, status: statusWords(changed[0], t) })
        : t('notify.moved_several', { identifier: watch.shown, count: changed.length });
    const intro = last ? `${moved} ${t('notify.last_update')}` : moved;
    const problem = changed.some((shipment) => problemOf(shipment, now, this.settings.staleAfterDays));
    const page = problem ? helpPageChoice(this.settings.supportPages, language, t) : undefined;
    const choices: Choice[] = [
      ...(page ? [page] : []),
      ...(last ? [] : [{ value: stopValue(watch.id), title: t('choice.stop_watch') }]),
    ];
    const details = this.details(watch);
    const context = {
      t,
      locale,
      timeZone: watch.timeZone ?? this.settings.defaultTimeZone,
      customerTimeZone: watch.timeZone !== undefined,
      channel: watch.channel,
      now,
      staleAfterDays: this.settings.staleAfterDays,
      signedIn: details === 'not_yours',
    };
    // As the lookup that started the watch showed them: masked unless it showed the owner (or anyone) everything.
    const shown = details === 'full' ? changed : maskedShipments(changed);
    // Masked: our words for the status, never the carrier's.
    const statuses = [
      ...new Set(
        shown.map((shipment) =>
          details === 'full' ? statusWords(shipment, t) : t(`status.${shipment.status.category}`),
        ),
      ),
    ];
    const headline = {
      order: watch.shown,
      status: last ? `${statuses.join(', ')}. ${t('notify.last_update')}` : statuses.join(', '),
    };
    const note = last ? { ends: true as const } : { choicesNote: t('notify.keep_coming', { identifier: watch.shown }) };
    return { locale, messages: renderShipments(shown, context, { intro, choices }), choices, headline, ...note };
  }

  private details(watch: Watch): NonNullable<Watch['details']> {
    // Nobody is signed in to a watch's later check: one kept from before is decided as for a visitor.
    return (
      watch.details ?? (disclosureOf(watch.request, undefined, this.settings.disclosure) === 'full' ? 'full' : 'masked')
    );
  }

  /** The watch ran its time, or made room for a newer one (watchRoom.ts): one line, no card. */
  expired(watch: Watch, { t, locale }: Localization, days: number): Announcement {
    const text = watch.yielded
      ? t('notify.yielded', { identifier: watch.shown })
      : t('notify.expired', { identifier: watch.shown, count: days });
    return {
      locale,
      messages: [{ text }],
      choices: [],
      headline: { order: watch.shown, status: t('notify.template_ended') },
      ends: true,
    };
  }

  /** The channel can reach the customer no longer (WhatsApp's 24-hour window is closing): a last line, saying why. */
  windowClosing(watch: Watch, { t, locale }: Localization): Announcement {
    return {
      locale,
      messages: [{ text: t('notify.window_closing', { identifier: watch.shown }) }],
      choices: [],
      ends: true,
    };
  }
}
