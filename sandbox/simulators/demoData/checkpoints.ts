/**
 * Demo orders of interface A (parcelLab-style checkpoints). Each order shows one situation a status
 * card must handle; texts are looked up in checkpointTexts.ts, times are relative to today (clock.ts),
 * except for the moving parcel's, which are the times its steps were revealed.
 */
import { at, type Moment } from './clock';
import type { CheckpointStatus, DetailKey } from './checkpointTexts';

/** Order numbers of the interface A demo, by what they show. Lookups ignore letter case. */
export const DEMO_CHECKPOINTS = {
  /** One DHL parcel, delivered to a neighbour four days ago. */
  delivered: 'ORD-1001',
  /** Three parcels on three couriers: UPS in transit, DPD out for delivery, PostNL delivered. */
  inTransitMultiShipment: 'ORD-1002',
  /** DHL Express parcel stuck in import customs: `delay: true`, last update days ago. */
  delayed: 'ORD-1003',
  /** Colissimo parcel with an incomplete address: `exception: true`, status Exception. */
  exception: 'ORD-1004',
  /** UPS parcel from Shenzhen to Munich with 42 checkpoints (5 hidden), two failed attempts, delivered. */
  longHistory: 'ORD-1005',
  /** GLS parcel, nobody home: last status FailedAttemptFirst. */
  failedAttempt: 'ORD-1006',
  /** Deutsche Post registered parcel waiting at a post office: last status PickupReadyToday. */
  readyForPickup: 'ORD-1007',
  /** DHL parcel on the delivery van today: last status OutForDelivery. */
  outForDelivery: 'ORD-1008',
  /** DPD label created, parcel not handed over yet: last status Pending. */
  pending: 'ORD-1009',
  /** Poste Italiane parcel refused by the recipient and on its way back: last status Return. */
  returned: 'ORD-1010',
  /** Cross-border parcel whose header has no `courier` and no `last_delivery_status` (lenient parsing). */
  partialHeader: 'ORD-1011',
  /** PostNL parcel with unknown extra fields in header, courier and checkpoints, and an unlisted status code. */
  extraFields: 'ORD-1012',
  /** Answers 200 with `{"header": [], "body": {}}`, as parcelLab sometimes does instead of 404. */
  emptyHeader: 'ORD-1013',
  /**
   * DHL parcel that moves one step per minute of the simulator's clock, from its start: label created,
   * dispatched, at the sorting centre, out for delivery, delivered; then it starts over. Asked for when nobody
   * has for two steps, it is never delivered: it starts over then (clock.ts, FollowedProgress). Try "Notify me" on it.
   */
  moving: 'ORD-1014',
  /** Not known: 404 `{"error": ...}`. */
  unknown: 'ORD-9999',
} as const;

export const COURIERS = {
  'dhl-germany': {
    prettyname: 'DHL',
    url: (tn: string) => `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${tn}`,
  },
  'dhl-express': {
    prettyname: 'DHL Express',
    url: (tn: string) => `https://www.dhl.com/de-en/home/tracking/tracking-express.html?submit=1&tracking-id=${tn}`,
  },
  'deutsche-post': {
    prettyname: 'Deutsche Post',
    url: (tn: string) => `https://www.deutschepost.de/de/s/sendungsverfolgung.html?piececode=${tn}`,
  },
  ups: { prettyname: 'UPS', url: (tn: string) => `https://www.ups.com/track?loc=de_DE&tracknum=${tn}` },
  dpd: { prettyname: 'DPD', url: (tn: string) => `https://tracking.dpd.de/status/de_DE/parcel/${tn}` },
  postnl: { prettyname: 'PostNL', url: (tn: string) => `https://jouw.postnl.nl/track-and-trace/${tn}-DE-40213` },
  colissimo: {
    prettyname: 'Colissimo',
    url: (tn: string) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${tn}`,
  },
  gls: { prettyname: 'GLS', url: (tn: string) => `https://gls-group.com/DE/de/paketverfolgung?match=${tn}` },
  'poste-italiane': {
    prettyname: 'Poste Italiane',
    url: (tn: string) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${tn}`,
  },
} as const;
type CourierName = keyof typeof COURIERS;

/** A checkpoint as the demo tells it, without its time. */
export interface CheckpointEvent {
  status: CheckpointStatus;
  location: string;
  /** Long text; defaults to the status's usual one. */
  detail?: DetailKey;
  /** The courier's own words; defaults to a generic English wording of the detail. */
  courierStatus?: string;
  /** Internal checkpoint (`shown: false`) that a customer must never see. */
  hidden?: boolean;
  /** Fields parcelLab might add one day; sent as they are. */
  extra?: Record<string, unknown>;
}

interface CheckpointSeed extends CheckpointEvent {
  at: Moment;
}

interface ShipmentSeed {
  trackingNumber: string;
  /** Missing: the header carries no courier object. */
  courier?: CourierName;
  /** False: the header carries no last_delivery_status. */
  withLastStatus?: boolean;
  /** Long text of last_delivery_status when it differs from the last checkpoint's. */
  lastDetail?: DetailKey;
  delay?: boolean;
  exception?: boolean;
  /** Checkpoints after the first (OrderProcessed) one, which is made from the order date. */
  checkpoints: CheckpointSeed[];
  extra?: Record<string, unknown>;
  courierExtra?: Record<string, unknown>;
}

/** What the header says of a shipment: all of it but its checkpoints. */
export type ShipmentHeaderSeed = Omit<ShipmentSeed, 'checkpoints'>;

/**
 * A one-parcel order that moves along: one more step is revealed per step of the simulator's clock,
 * each dated when it was revealed, and after the last one the parcel starts over.
 */
export interface MovingShipmentSeed extends ShipmentHeaderSeed {
  steps: CheckpointEvent[];
}

export interface CheckpointOrderSeed {
  orderedAt: Moment;
  /** Empty: the order answers with an empty header. */
  shipments: ShipmentSeed[];
}

const cp = (
  moment: Moment,
  status: CheckpointStatus,
  location: string,
  more: Partial<CheckpointSeed> = {},
): CheckpointSeed => ({ at: moment, status, location, ...more });
/** An internal scan with a raw code, the kind of checkpoint that must stay hidden. */
const internal = (moment: Moment, location: string, courierStatus = 'SCAN 0x44 HUB-IN'): CheckpointSeed =>
  cp(moment, 'InTransit', location, { detail: 'internal', courierStatus, hidden: true });

const D = DEMO_CHECKPOINTS;

export const CHECKPOINT_ORDERS: Readonly<Record<string, CheckpointOrderSeed>> = {
  [D.delivered]: {
    orderedAt: at(6, '19:42'),
    shipments: [
      {
        trackingNumber: '00340434161094048139',
        courier: 'dhl-germany',
        checkpoints: [
          cp(at(5, '16:05'), 'InTransit', 'Hamburg, DE', {
            detail: 'pickedUp',
            courierStatus: 'Die Sendung wurde vom Absender in die Filiale eingeliefert.',
          }),
          cp(at(5, '21:37'), 'InTransit', 'Hamburg, DE', {
            courierStatus: 'Die Sendung wurde im Start-Paketzentrum bearbeitet.',
          }),
          internal(at(5, '23:58'), 'Hamburg, DE'),
          cp(at(4, '04:12'), 'InTransit', 'Börnicke, DE', {
            courierStatus: 'Die Sendung wurde im Ziel-Paketzentrum bearbeitet.',
          }),
          cp(at(4, '07:03'), 'OutForDelivery', 'Berlin, DE', {
            courierStatus: 'Die Sendung wurde in das Zustellfahrzeug geladen.',
          }),
          cp(at(4, '13:26'), 'Delivered', 'Berlin, DE', {
            detail: 'deliveredNeighbour',
            courierStatus: 'Die Sendung wurde an einen Nachbarn zugestellt.',
          }),
        ],
      },
    ],
  },

  [D.inTransitMultiShipment]: {
    orderedAt: at(3, '10:15'),
    shipments: [
      {
        trackingNumber: '1ZV8R4236804512972',
        courier: 'ups',
        checkpoints: [
          cp(at(2, '18:40'), 'Pending', 'Venlo, NL', {
            courierStatus: 'Shipper created a label, UPS has not received the package yet.',
          }),
          cp(at(2, '21:05'), 'InTransit', 'Venlo, NL', { detail: 'pickedUp', courierStatus: 'Pickup Scan' }),
          internal(at(1, '01:10'), 'Eindhoven, NL'),
          cp(at(1, '02:14'), 'InTransit', 'Eindhoven, NL', {
            detail: 'hubDeparted',
            courierStatus: 'Departed from Facility',
          }),
          cp(at(1, '09:48'), 'InTransit', 'Köln, DE', { detail: 'hubArrived', courierStatus: 'Arrived at Facility' }),
          cp(at(0, '04:30'), 'InTransit', 'Köln, DE', { courierStatus: 'Processing at UPS Facility' }),
        ],
      },
      {
        trackingNumber: '01485023741196',
        courier: 'dpd',
        checkpoints: [
          cp(at(2, '15:20'), 'InTransit', 'Oberhausen, DE', {
            detail: 'pickedUp',
            courierStatus: 'Received by DPD from consignor.',
          }),
          cp(at(2, '22:47'), 'InTransit', 'Unna, DE', { courierStatus: 'At parcel delivery centre.' }),
          cp(at(1, '05:31'), 'InTransit', 'Berlin, DE', { detail: 'depot', courierStatus: 'At delivery depot.' }),
          cp(at(0, '06:55'), 'OutForDelivery', 'Berlin, DE', { courierStatus: 'Out for delivery.' }),
        ],
      },
      {
        trackingNumber: '3SKAAN4718293',
        courier: 'postnl',
        checkpoints: [
          cp(at(3, '17:02'), 'Pending', 'Utrecht, NL', { courierStatus: 'Zending is voorgemeld' }),
          cp(at(2, '19:30'), 'InTransit', 'Utrecht, NL', {
            detail: 'pickedUp',
            courierStatus: 'Zending is bij PostNL',
          }),
          cp(at(2, '23:12'), 'InTransit', 'Nieuwegein, NL', { courierStatus: 'Zending is gesorteerd' }),
          cp(at(1, '10:02'), 'InTransit', 'Bochum, DE', {
            detail: 'arrivedCountry',
            courierStatus: 'Zending is in het land van bestemming',
          }),
          cp(at(1, '15:41'), 'Delivered', 'Berlin, DE', { courierStatus: 'Zending is afgeleverd' }),
        ],
      },
    ],
  },

  [D.delayed]: {
    orderedAt: at(9, '08:30'),
    shipments: [
      {
        trackingNumber: '4829107356',
        courier: 'dhl-express',
        delay: true,
        lastDetail: 'delayed',
        checkpoints: [
          cp(at(8, '16:20'), 'Pending', 'London, GB', { courierStatus: 'Shipment information received' }),
          cp(at(8, '19:45'), 'InTransit', 'London, GB', { detail: 'pickedUp', courierStatus: 'Shipment picked up' }),
          cp(at(8, '23:10'), 'InTransit', 'London-Heathrow, GB', {
            courierStatus: 'Processed at LONDON-HEATHROW - UK',
          }),
          cp(at(7, '02:40'), 'InTransit', 'London-Heathrow, GB', {
            detail: 'export',
            courierStatus: 'Departed Facility in LONDON-HEATHROW - UK',
          }),
          cp(at(7, '05:15'), 'InTransit', 'Leipzig, DE', {
            detail: 'arrivedCountry',
            courierStatus: 'Arrived at Sort Facility LEIPZIG - GERMANY',
          }),
          internal(at(7, '06:02'), 'Leipzig, DE'),
          cp(at(7, '08:30'), 'InTransit', 'Leipzig, DE', {
            detail: 'customs',
            courierStatus: 'Customs status updated',
          }),
          cp(at(6, '11:47'), 'InTransit', 'Leipzig, DE', {
            detail: 'delayed',
            courierStatus: 'Clearance delay - Import',
          }),
          cp(at(5, '09:30'), 'InTransit', 'Leipzig, DE', { detail: 'customs', courierStatus: 'Shipment on hold' }),
        ],
      },
    ],
  },

  [D.exception]: {
    orderedAt: at(5, '12:10'),
    shipments: [
      {
        trackingNumber: '6A19384756201',
        courier: 'colissimo',
        exception: true,
        checkpoints: [
          cp(at(4, '17:35'), 'Pending', 'Paris, FR', { courierStatus: 'Votre colis est annoncé.' }),
          cp(at(4, '20:10'), 'InTransit', 'Paris, FR', {
            detail: 'pickedUp',
            courierStatus: 'Votre colis est pris en charge par La Poste.',
          }),
          cp(at(3, '03:22'), 'InTransit', 'Chilly-Mazarin, FR', {
            courierStatus: 'Votre colis est en cours de traitement sur notre plateforme.',
          }),
          cp(at(3, '06:48'), 'InTransit', 'Lyon, FR', {
            detail: 'depot',
            courierStatus: 'Votre colis est arrivé sur son site de distribution.',
          }),
          cp(at(3, '09:15'), 'OutForDelivery', 'Lyon, FR', { courierStatus: 'Votre colis est en cours de livraison.' }),
          cp(at(3, '12:40'), 'Exception', 'Lyon, FR', {
            detail: 'addressIssue',
            courierStatus: "L'adresse de votre colis est incomplète. Il est retourné sur son site de distribution.",
          }),
        ],
      },
    ],
  },

  [D.longHistory]: {
    orderedAt: at(10, '14:05'),
    shipments: [
      {
        trackingNumber: '1ZA4V29E6603128541',
        courier: 'ups',
        checkpoints: [
          cp(at(9, '03:10'), 'Pending', 'Shenzhen, CN', {
            courierStatus: 'Shipper created a label, UPS has not received the package yet.',
          }),
          cp(at(9, '08:10'), 'InTransit', 'Shenzhen, CN', { detail: 'pickedUp', courierStatus: 'Pickup Scan' }),
          cp(at(9, '10:30'), 'InTransit', 'Shenzhen, CN', {
            detail: 'hubArrived',
            courierStatus: 'Arrived at Facility',
          }),
          internal(at(9, '10:55'), 'Shenzhen, CN'),
          cp(at(9, '12:25'), 'InTransit', 'Shenzhen, CN', { courierStatus: 'Processing at UPS Facility' }),
          cp(at(9, '15:45'), 'InTransit', 'Shenzhen, CN', { detail: 'export', courierStatus: 'Export Scan' }),
          cp(at(9, '16:30'), 'InTransit', 'Shenzhen, CN', {
            detail: 'hubDeparted',
            courierStatus: 'Departed from Facility',
          }),
          cp(at(9, '19:30'), 'InTransit', 'Hong Kong, HK', {
            detail: 'hubArrived',
            courierStatus: 'Arrived at Facility',
          }),
          cp(at(9, '20:30'), 'InTransit', 'Hong Kong, HK', { courierStatus: 'Processing at UPS Facility' }),
          internal(at(9, '20:50'), 'Hong Kong, HK', 'SCAN 0x2F ULD-BUILD'),
          cp(at(9, '23:50'), 'InTransit', 'Hong Kong, HK', {
            detail: 'hubDeparted',
            courierStatus: 'Departed from Facility',
          }),
          cp(at(8, '06:50'), 'InTransit', 'Almaty, KZ', { detail: 'hubArrived', courierStatus: 'Arrived at Facility' }),
          cp(at(8, '09:20'), 'InTransit', 'Almaty, KZ', {
            detail: 'hubDeparted',
            courierStatus: 'Departed from Facility',
          }),
          cp(at(8, '15:40'), 'InTransit', 'Köln, DE', {
            detail: 'arrivedCountry',
            courierStatus: 'Arrived at Facility',
          }),
          internal(at(8, '16:10'), 'Köln, DE'),
          cp(at(8, '17:10'), 'InTransit', 'Köln, DE', { detail: 'customs', courierStatus: 'Import Scan' }),
          cp(at(8, '19:10'), 'InTransit', 'Köln, DE', {
            detail: 'customs',
            courierStatus: 'The package is awaiting clearance by the Import Customs Office.',
          }),
          cp(at(7, '10:10'), 'InTransit', 'Köln, DE', {
            detail: 'customs',
            courierStatus: 'Additional information is needed to clear customs. UPS is contacting the receiver.',
          }),
          cp(at(6, '07:50'), 'InTransit', 'Köln, DE', {
            detail: 'customs',
            courierStatus: 'The receiver has provided the information required for customs clearance.',
          }),
          cp(at(6, '14:30'), 'InTransit', 'Köln, DE', {
            detail: 'customsCleared',
            courierStatus: 'Your package was released by the customs agency.',
          }),
          cp(at(6, '15:30'), 'InTransit', 'Köln, DE', { courierStatus: 'Processing at UPS Facility' }),
          cp(at(6, '17:30'), 'InTransit', 'Köln, DE', {
            detail: 'hubDeparted',
            courierStatus: 'Departed from Facility',
          }),
          cp(at(6, '20:50'), 'InTransit', 'Frankfurt am Main, DE', {
            detail: 'hubArrived',
            courierStatus: 'Arrived at Facility',
          }),
          internal(at(6, '21:30'), 'Frankfurt am Main, DE'),
          cp(at(6, '22:50'), 'InTransit', 'Frankfurt am Main, DE', { courierStatus: 'Processing at UPS Facility' }),
          cp(at(5, '01:20'), 'InTransit', 'Frankfurt am Main, DE', {
            detail: 'hubDeparted',
            courierStatus: 'Departed from Facility',
          }),
          cp(at(5, '05:40'), 'InTransit', 'Nürnberg, DE', {
            detail: 'hubArrived',
            courierStatus: 'Arrived at Facility',
          }),
          cp(at(5, '06:50'), 'InTransit', 'Nürnberg, DE', { courierStatus: 'Processing at UPS Facility' }),
          cp(at(5, '16:50'), 'InTransit', 'Nürnberg, DE', {
            detail: 'delayed',
            courierStatus: 'Severe weather conditions have delayed delivery.',
          }),
          cp(at(4, '01:10'), 'InTransit', 'Nürnberg, DE', {
            detail: 'hubDeparted',
            courierStatus: 'Departed from Facility',
          }),
          cp(at(4, '04:30'), 'InTransit', 'Aschheim, DE', { detail: 'depot', courierStatus: 'Arrived at Facility' }),
          cp(at(4, '05:10'), 'InTransit', 'Aschheim, DE', { courierStatus: 'Processing at UPS Facility' }),
          cp(at(4, '07:40'), 'OutForDelivery', 'München, DE', { courierStatus: 'Out For Delivery Today' }),
          cp(at(4, '14:05'), 'FailedAttemptFirst', 'München, DE', {
            courierStatus:
              "The receiver was not available for delivery. We'll make a second attempt the next business day.",
          }),
          cp(at(4, '18:20'), 'InTransit', 'Aschheim, DE', { detail: 'depot', courierStatus: 'Arrived at Facility' }),
          internal(at(4, '18:50'), 'Aschheim, DE'),
          cp(at(3, '07:35'), 'OutForDelivery', 'München, DE', { courierStatus: 'Out For Delivery Today' }),
          cp(at(3, '12:50'), 'FailedAttemptFirst', 'München, DE', {
            courierStatus:
              "The receiver was not available for delivery. We'll make a final attempt the next business day.",
          }),
          cp(at(3, '17:45'), 'InTransit', 'Aschheim, DE', { detail: 'depot', courierStatus: 'Arrived at Facility' }),
          cp(at(2, '07:25'), 'OutForDelivery', 'München, DE', { courierStatus: 'Out For Delivery Today' }),
          cp(at(2, '11:18'), 'Delivered', 'München, DE', { courierStatus: 'DELIVERED - Front Door' }),
        ],
      },
    ],
  },

  [D.failedAttempt]: {
    orderedAt: at(3, '09:20'),
    shipments: [
      {
        trackingNumber: '805123498174',
        courier: 'gls',
        checkpoints: [
          cp(at(2, '15:40'), 'InTransit', 'Neuenstein, DE', {
            detail: 'pickedUp',
            courierStatus: 'The parcel was handed over to GLS.',
          }),
          cp(at(2, '23:05'), 'InTransit', 'Neuenstein, DE', {
            detail: 'hubDeparted',
            courierStatus: 'The parcel has left the parcel center.',
          }),
          cp(at(1, '05:50'), 'InTransit', 'Köln, DE', {
            detail: 'depot',
            courierStatus: 'The parcel has reached the parcel center.',
          }),
          cp(at(1, '08:12'), 'OutForDelivery', 'Köln, DE', {
            courierStatus: 'The parcel is expected to be delivered during the day.',
          }),
          cp(at(1, '14:37'), 'FailedAttemptFirst', '50667 Köln, DE', {
            courierStatus:
              'The parcel could not be delivered as the consignee was absent. Card left by driver M. Wagner, please call 0221 555 0123.',
          }),
        ],
      },
    ],
  },

  [D.readyForPickup]: {
    orderedAt: at(4, '11:00'),
    shipments: [
      {
        trackingNumber: 'RR471829366DE',
        courier: 'deutsche-post',
        checkpoints: [
          cp(at(3, '14:30'), 'InTransit', 'Frankfurt am Main, DE', {
            detail: 'pickedUp',
            courierStatus: 'Die Sendung wurde in der Filiale eingeliefert.',
          }),
          cp(at(3, '21:15'), 'InTransit', 'Frankfurt am Main, DE', {
            courierStatus: 'Die Sendung wurde im Briefzentrum bearbeitet.',
          }),
          cp(at(2, '06:40'), 'InTransit', 'Stuttgart, DE', {
            courierStatus: 'Die Sendung wurde im Ziel-Briefzentrum bearbeitet.',
          }),
          cp(at(2, '08:20'), 'OutForDelivery', 'Stuttgart, DE', { courierStatus: 'Die Sendung wird zugestellt.' }),
          cp(at(2, '11:05'), 'FailedAttemptFirst', 'Stuttgart, DE', {
            courierStatus: 'Der Empfänger wurde nicht angetroffen. Die Sendung wird in eine Filiale gebracht.',
          }),
          cp(at(1, '09:30'), 'PickupReadyToday', 'Königstraße 12, 70173 Stuttgart, DE', {
            courierStatus:
              'Die Sendung liegt in der Filiale Königstraße 12, 70173 Stuttgart zur Abholung bereit. Fragen: 0711 555 0456.',
          }),
        ],
      },
    ],
  },

  [D.outForDelivery]: {
    orderedAt: at(2, '20:15'),
    shipments: [
      {
        trackingNumber: '00340434161095880219',
        courier: 'dhl-germany',
        checkpoints: [
          cp(at(1, '13:40'), 'InTransit', 'Bielefeld, DE', {
            detail: 'pickedUp',
            courierStatus: 'Die Sendung wurde abgeholt.',
          }),
          cp(at(1, '19:22'), 'InTransit', 'Bielefeld, DE', {
            courierStatus: 'Die Sendung wurde im Start-Paketzentrum bearbeitet.',
          }),
          internal(at(1, '20:05'), 'Bielefeld, DE'),
          cp(at(0, '03:48'), 'InTransit', 'Hannover, DE', {
            courierStatus: 'Die Sendung wurde im Ziel-Paketzentrum bearbeitet.',
          }),
          cp(at(0, '07:26'), 'OutForDelivery', 'Hannover, DE', {
            courierStatus: 'Die Sendung wurde in das Zustellfahrzeug geladen.',
          }),
        ],
      },
    ],
  },

  [D.pending]: {
    orderedAt: at(1, '16:48'),
    shipments: [
      {
        trackingNumber: '01485023760318',
        courier: 'dpd',
        checkpoints: [
          cp(at(0, '08:15'), 'Pending', 'Aschaffenburg, DE', {
            courierStatus: 'Order information has been transmitted to DPD.',
          }),
        ],
      },
    ],
  },

  [D.returned]: {
    orderedAt: at(14, '10:00'),
    shipments: [
      {
        trackingNumber: 'CP382947162IT',
        courier: 'poste-italiane',
        checkpoints: [
          cp(at(13, '16:00'), 'InTransit', 'Milano, IT', { detail: 'pickedUp', courierStatus: 'Spedizione accettata' }),
          cp(at(13, '22:30'), 'InTransit', 'Milano Roserio, IT', {
            courierStatus: 'In lavorazione presso il centro di smistamento',
          }),
          cp(at(12, '05:10'), 'InTransit', 'Milano, IT', {
            detail: 'export',
            courierStatus: 'In transito verso il paese di destinazione',
          }),
          cp(at(11, '09:40'), 'InTransit', 'Frankfurt am Main, DE', {
            detail: 'arrivedCountry',
            courierStatus: 'Arrivata nel paese di destinazione',
          }),
          cp(at(10, '07:30'), 'OutForDelivery', 'Wiesbaden, DE', { courierStatus: 'In consegna' }),
          cp(at(10, '10:50'), 'Return', 'Wiesbaden, DE', {
            detail: 'refused',
            courierStatus: 'Rifiutata dal destinatario',
          }),
          cp(at(8, '06:20'), 'Return', 'Frankfurt am Main, DE', { courierStatus: 'In restituzione al mittente' }),
          cp(at(5, '14:10'), 'Return', 'Milano, IT', { courierStatus: 'In restituzione al mittente' }),
        ],
      },
    ],
  },

  [D.partialHeader]: {
    orderedAt: at(10, '03:00'),
    shipments: [
      {
        trackingNumber: 'LB205813470CN',
        withLastStatus: false,
        checkpoints: [
          cp(at(9, '12:00'), 'Pending', 'Shenzhen, CN'),
          cp(at(8, '04:25'), 'InTransit', 'Shenzhen, CN', { detail: 'export' }),
          cp(at(6, '11:30'), 'InTransit', 'Liège, BE', { detail: 'arrivedCountry' }),
          cp(at(4, '09:10'), 'InTransit', 'Liège, BE', { detail: 'customsCleared' }),
          cp(at(2, '16:45'), 'InTransit', 'Köln, DE'),
        ],
      },
    ],
  },

  [D.extraFields]: {
    orderedAt: at(3, '21:10'),
    shipments: [
      {
        trackingNumber: '3SKAAN4720015',
        courier: 'postnl',
        extra: {
          destination_country_iso3: 'DEU',
          client_key: 'demo-shop',
          parcel_count: 1,
          upgrade: { available: false },
        },
        courierExtra: { country: 'NL', logo_url: 'https://www.postnl.nl/favicon.ico' },
        checkpoints: [
          cp(at(2, '18:05'), 'InTransit', 'Utrecht, NL', {
            detail: 'pickedUp',
            courierStatus: 'Zending is bij PostNL',
            extra: { event_id: 'evt_7f3a91c2', geo: { lat: 52.0907, lon: 5.1214 } },
          }),
          cp(at(2, '23:40'), 'InTransit', 'Nieuwegein, NL', {
            courierStatus: 'Zending is gesorteerd',
            extra: { event_id: 'evt_7f3a9d08' },
          }),
          cp(at(1, '09:15'), 'DestinationDeliveryCenter', 'Düsseldorf, DE', {
            courierStatus: 'Zending is in het depot',
            extra: { event_id: 'evt_7f3ab417', carrier_event_code: 'J05' },
          }),
        ],
      },
    ],
  },

  [D.emptyHeader]: { orderedAt: at(1, '12:00'), shipments: [] },
};

/** The orders whose answer changes while the simulator runs (see MovingShipmentSeed). */
export const MOVING_ORDERS: Readonly<Record<string, MovingShipmentSeed>> = {
  // Every step changes the header's status code, and most change its category too: each one is news to a watcher.
  [D.moving]: {
    trackingNumber: '00340434161097351403',
    courier: 'dhl-germany',
    steps: [
      {
        status: 'Pending',
        location: 'Frankfurt am Main, DE',
        courierStatus: 'Die Auftragsdaten zu dieser Sendung wurden vom Absender elektronisch an DHL übermittelt.',
      },
      { status: 'InboundScan', location: 'Frankfurt am Main, DE', courierStatus: 'Die Sendung wurde abgeholt.' },
      {
        status: 'InTransit',
        location: 'Obertshausen, DE',
        detail: 'hubArrived',
        courierStatus: 'Die Sendung ist im Paketzentrum eingetroffen.',
      },
      {
        status: 'OutForDelivery',
        location: 'Offenbach am Main, DE',
        courierStatus: 'Die Sendung wurde in das Zustellfahrzeug geladen.',
      },
      {
        status: 'Delivered',
        location: 'Offenbach am Main, DE',
        courierStatus: 'Die Sendung wurde erfolgreich zugestellt.',
      },
    ],
  },
};
