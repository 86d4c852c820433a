/**
 * Demo shipments of interface B (Connect `ListTrackings`). Every tracking number carries a valid
 * check digit for its carrier, so the bot's number recogniser accepts them; times are relative to today.
 */
import { at, type Moment } from './clock';

export type TrackingStatusCode =
  'PENDING' | 'IN_TRANSIT' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'DELIVERY_FAILED' | 'RETURNED' | 'LOST';

/** Identifiers of the interface B demo, by what they show. */
export const DEMO_TRACKINGS = {
  trackingNumbers: {
    /** USPS 22-digit: label created, not yet with the carrier (PENDING). */
    pending: '9400111899223851726037',
    /** UPS 1Z: ground parcel crossing the US, last scan at a hub (IN_TRANSIT). */
    inTransit: '1Z7X3F940344156200',
    /** FedEx 12-digit: on the van today (OUT_FOR_DELIVERY). */
    outForDelivery: '772819465305',
    /** Royal Mail S10: delivered and signed for yesterday (DELIVERED). */
    delivered: 'TT419630826GB',
    /** DHL Express 10-digit: nobody home, notice card left (DELIVERY_FAILED). */
    deliveryFailed: '7392051844',
    /** USPS 22-digit: unclaimed after a notice, going back to the sender (RETURNED). */
    returned: '9205590230118493612752',
    /** Royal Mail international S10: no scan for weeks, then declared lost (LOST). */
    lost: 'LX582039171GB',
    /** DHL Express 10-digit: Shenzhen to Seattle with customs hold, two failed attempts and a service-point pickup, 42 events, DELIVERED. */
    longHistory: '5618309421',
    /** UPS 1Z with a valid check digit that the service does not know: 404 not_found. */
    unknown: '1ZE2R7810390344712',
  },
  orderIds: {
    /** Three trackings on three carriers: UPS in transit, FedEx out for delivery, USPS pending. */
    multiShipment: 'AB12CD34EF56',
    /** One tracking: the Royal Mail parcel, delivered. */
    singleShipment: 'K7M2Q9X4T1B8',
    /** A well-formed order id that the service does not know: 404 not_found. */
    unknown: 'ZZ99ZZ99ZZ99',
  },
  externalOrders: {
    /** Storefront order #1001 of the US store: the same order as orderIds.multiShipment. */
    usStore: { externalOrder: '#1001', storeId: 'store-us-1' },
    /** The same number #1001 in the UK store is a different order: orderIds.singleShipment. */
    ukStore: { externalOrder: '#1001', storeId: 'store-uk-1' },
    /** Written without '#': the DHL Express parcel with the failed delivery attempt. */
    plainNumber: { externalOrder: '1002', storeId: 'store-us-1' },
    /** #1001 exists in other stores but not in this one: 404 not_found. */
    wrongStore: { externalOrder: '#1001', storeId: 'store-eu-1' },
  },
} as const;

export const CARRIER_URLS = {
  ups: (tn: string) => `https://www.ups.com/track?loc=en_US&tracknum=${tn}`,
  fedex: (tn: string) => `https://www.fedex.com/fedextrack/?trknbr=${tn}`,
  usps: (tn: string) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${tn}`,
  dhl: (tn: string) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${tn}`,
  'royal-mail': (tn: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${tn}`,
} as const;
type CarrierName = keyof typeof CARRIER_URLS;

/** `status.message` when a tracking names none (the meanings of seed 3.2). */
export const STATUS_MESSAGES: Readonly<Record<TrackingStatusCode, string>> = {
  PENDING: 'Order received, not yet dispatched',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery today',
  DELIVERED: 'Delivered',
  DELIVERY_FAILED: 'Delivery attempt failed',
  RETURNED: 'Returning to sender',
  LOST: 'Lost in transit',
};

interface EventSeed {
  at: Moment;
  code: TrackingStatusCode;
  message: string;
}

export interface TrackingSeed {
  carrier: CarrierName;
  /** Display text of the current status; defaults to STATUS_MESSAGES. */
  statusMessage?: string;
  /** Oldest first; the last one sets the tracking's status. */
  events: EventSeed[];
}

const ev = (moment: Moment, code: TrackingStatusCode, message: string): EventSeed => ({ at: moment, code, message });
/** The three scans a parcel gets at each DHL hub. */
const dhlHub = (arrived: Moment, place: string): EventSeed[] => [
  ev(arrived, 'IN_TRANSIT', `Arrived at Sort Facility ${place}`),
  ev(arrived + 55, 'IN_TRANSIT', `Processed at ${place}`),
  ev(arrived + 150, 'IN_TRANSIT', `Departed Facility in ${place}`),
];

const T = DEMO_TRACKINGS.trackingNumbers;

export const TRACKINGS: Readonly<Record<string, TrackingSeed>> = {
  [T.pending]: {
    carrier: 'usps',
    events: [
      ev(at(2, '15:10'), 'PENDING', 'Order received; the seller is preparing your package'),
      ev(at(1, '20:41'), 'PENDING', 'Shipping Label Created, USPS Awaiting Item, COLUMBUS, OH 43219'),
    ],
  },

  [T.inTransit]: {
    carrier: 'ups',
    events: [
      ev(at(3, '16:02'), 'PENDING', 'Shipper created a label, UPS has not received the package yet'),
      ev(at(3, '23:14'), 'IN_TRANSIT', 'Pickup Scan, Ontario, CA, United States'),
      ev(at(2, '03:40'), 'IN_TRANSIT', 'Departed from Facility, Ontario, CA, United States'),
      ev(at(2, '14:55'), 'IN_TRANSIT', 'Arrived at Facility, Phoenix, AZ, United States'),
      ev(at(2, '18:20'), 'IN_TRANSIT', 'Departed from Facility, Phoenix, AZ, United States'),
      ev(at(1, '09:35'), 'IN_TRANSIT', 'Arrived at Facility, Albuquerque, NM, United States'),
      ev(at(1, '13:10'), 'IN_TRANSIT', 'Departed from Facility, Albuquerque, NM, United States'),
      ev(at(0, '03:25'), 'IN_TRANSIT', 'Arrived at Facility, Dallas, TX, United States'),
    ],
  },

  [T.outForDelivery]: {
    carrier: 'fedex',
    events: [
      ev(at(3, '19:40'), 'PENDING', 'Shipment information sent to FedEx'),
      ev(at(2, '21:25'), 'IN_TRANSIT', 'Picked up, MEMPHIS, TN'),
      ev(at(2, '23:50'), 'IN_TRANSIT', 'Arrived at FedEx hub, MEMPHIS, TN'),
      ev(at(1, '06:48'), 'IN_TRANSIT', 'Departed FedEx hub, MEMPHIS, TN'),
      ev(at(1, '14:12'), 'IN_TRANSIT', 'At local FedEx facility, ATLANTA, GA'),
      ev(at(0, '11:05'), 'OUT_FOR_DELIVERY', 'On FedEx vehicle for delivery, ATLANTA, GA'),
    ],
  },

  [T.delivered]: {
    carrier: 'royal-mail',
    events: [
      ev(at(3, '15:30'), 'PENDING', "We're expecting it: the sender has told us your item is on its way"),
      ev(at(2, '17:45'), 'IN_TRANSIT', "We've got it, Bristol Mail Centre"),
      ev(at(2, '23:10'), 'IN_TRANSIT', 'Item sorted, Bristol Mail Centre'),
      ev(at(1, '05:40'), 'IN_TRANSIT', 'Item received, Leeds Mail Centre'),
      ev(at(1, '07:15'), 'OUT_FOR_DELIVERY', 'Out for delivery, York Delivery Office'),
      ev(at(1, '12:52'), 'DELIVERED', 'Delivered and signed for by JONES, York YO1 7HH'),
    ],
  },

  [T.deliveryFailed]: {
    carrier: 'dhl',
    events: [
      ev(at(4, '10:15'), 'PENDING', 'Shipment information received, CHICAGO, IL - USA'),
      ev(at(3, '20:30'), 'IN_TRANSIT', 'Shipment picked up, CHICAGO, IL - USA'),
      ev(at(3, '23:55'), 'IN_TRANSIT', 'Processed at CHICAGO, IL - USA'),
      ev(at(2, '04:10'), 'IN_TRANSIT', 'Departed Facility in CHICAGO, IL - USA'),
      ...dhlHub(at(2, '06:40'), 'CINCINNATI HUB - USA'),
      ev(at(2, '13:30'), 'IN_TRANSIT', 'Arrived at Delivery Facility in NEW YORK - USA'),
      ev(at(1, '13:02'), 'OUT_FOR_DELIVERY', 'With delivery courier, NEW YORK - USA'),
      ev(
        at(1, '18:47'),
        'DELIVERY_FAILED',
        'Delivery attempted: recipient not available, a notice card was left. To arrange a new delivery call +1 212-555-0147, NEW YORK, NY 10001 - USA',
      ),
    ],
  },

  [T.returned]: {
    carrier: 'usps',
    events: [
      ev(at(12, '18:20'), 'PENDING', 'Shipping Label Created, USPS Awaiting Item, PORTLAND, OR 97218'),
      ev(at(11, '22:05'), 'IN_TRANSIT', 'USPS in possession of item, PORTLAND, OR 97218'),
      ev(at(10, '04:30'), 'IN_TRANSIT', 'Departed USPS Regional Facility, PORTLAND OR DISTRIBUTION CENTER'),
      ev(at(8, '11:15'), 'IN_TRANSIT', 'Arrived at USPS Regional Facility, DENVER CO DISTRIBUTION CENTER'),
      ev(at(7, '14:40'), 'OUT_FOR_DELIVERY', 'Out for Delivery, BOULDER, CO 80302'),
      ev(at(7, '21:12'), 'DELIVERY_FAILED', 'Notice Left (No Authorized Recipient Available), BOULDER, CO 80302'),
      ev(at(2, '15:00'), 'RETURNED', 'Unclaimed, Being Returned to Sender, BOULDER, CO 80302'),
      ev(at(1, '09:25'), 'RETURNED', 'In Transit to Sender, DENVER CO DISTRIBUTION CENTER'),
    ],
  },

  [T.lost]: {
    carrier: 'royal-mail',
    statusMessage: 'We could not locate your item. Please contact the sender about a refund or replacement.',
    events: [
      ev(at(24, '14:10'), 'PENDING', "We're expecting it: the sender has told us your item is on its way"),
      ev(at(23, '17:30'), 'IN_TRANSIT', "We've got it, Swindon Mail Centre"),
      ev(at(22, '08:45'), 'IN_TRANSIT', 'Item has left the United Kingdom, Heathrow Worldwide Distribution Centre'),
      ev(at(19, '11:20'), 'IN_TRANSIT', 'Item has arrived in the destination country, New York, United States'),
      ev(at(4, '10:00'), 'LOST', 'Item could not be located after a search of our network'),
    ],
  },

  [T.longHistory]: {
    carrier: 'dhl',
    events: [
      ev(at(11, '02:30'), 'PENDING', 'Shipment information received, SHENZHEN - CHINA MAINLAND'),
      ev(at(11, '07:45'), 'IN_TRANSIT', 'Shipment picked up, SHENZHEN - CHINA MAINLAND'),
      ev(at(11, '09:10'), 'IN_TRANSIT', 'Processed at SHENZHEN - CHINA MAINLAND'),
      ev(at(11, '11:40'), 'IN_TRANSIT', 'Departed Facility in SHENZHEN - CHINA MAINLAND'),
      ...dhlHub(at(11, '14:05'), 'HONG KONG - HONG KONG SAR'),
      ev(at(11, '14:40'), 'IN_TRANSIT', 'Customs status updated, HONG KONG - HONG KONG SAR'),
      ev(at(11, '20:15'), 'IN_TRANSIT', 'Shipment is in transit to destination, HONG KONG - HONG KONG SAR'),
      ...dhlHub(at(10, '02:10'), 'INCHEON - KOREA, REPUBLIC OF'),
      ...dhlHub(at(10, '15:30'), 'ANCHORAGE, AK - USA'),
      ev(at(9, '01:40'), 'IN_TRANSIT', 'Arrived at Sort Facility CINCINNATI HUB - USA'),
      ev(at(9, '02:15'), 'IN_TRANSIT', 'Customs status updated, CINCINNATI HUB - USA'),
      ev(at(9, '04:40'), 'IN_TRANSIT', 'Shipment is on hold, CINCINNATI HUB - USA'),
      ev(at(9, '10:20'), 'IN_TRANSIT', 'Clearance event: duties and taxes payment requested, CINCINNATI HUB - USA'),
      ev(at(8, '13:55'), 'IN_TRANSIT', 'Duties and taxes paid by the receiver, CINCINNATI HUB - USA'),
      ev(at(8, '15:40'), 'IN_TRANSIT', 'Clearance processing complete at CINCINNATI HUB - USA'),
      ev(at(8, '16:35'), 'IN_TRANSIT', 'Processed at CINCINNATI HUB - USA'),
      ev(at(8, '19:05'), 'IN_TRANSIT', 'Departed Facility in CINCINNATI HUB - USA'),
      ...dhlHub(at(8, '23:20'), 'DENVER, CO - USA'),
      ev(at(7, '05:45'), 'IN_TRANSIT', 'Arrived at Delivery Facility in SEATTLE, WA - USA'),
      ev(at(7, '06:30'), 'IN_TRANSIT', 'Processed at SEATTLE, WA - USA'),
      ev(at(7, '15:05'), 'OUT_FOR_DELIVERY', 'With delivery courier, SEATTLE, WA - USA'),
      ev(at(7, '23:40'), 'DELIVERY_FAILED', 'Delivery attempted: business closed, SEATTLE, WA - USA'),
      ev(at(6, '04:10'), 'IN_TRANSIT', 'Arrived at Delivery Facility in SEATTLE, WA - USA'),
      ev(at(6, '16:00'), 'IN_TRANSIT', 'Shipment on hold: awaiting recipient instructions, SEATTLE, WA - USA'),
      ev(at(5, '18:30'), 'IN_TRANSIT', 'Recipient requested delivery on a later date, SEATTLE, WA - USA'),
      ev(at(4, '14:20'), 'IN_TRANSIT', 'Scheduled for delivery, SEATTLE, WA - USA'),
      ev(at(4, '15:15'), 'OUT_FOR_DELIVERY', 'With delivery courier, SEATTLE, WA - USA'),
      ev(at(4, '21:05'), 'DELIVERY_FAILED', 'Delivery attempted: recipient not available, SEATTLE, WA - USA'),
      ev(at(3, '03:50'), 'IN_TRANSIT', 'Arrived at Delivery Facility in SEATTLE, WA - USA'),
      ev(at(3, '14:10'), 'IN_TRANSIT', 'Recipient chose to collect from a DHL Service Point, SEATTLE, WA - USA'),
      ev(at(3, '16:25'), 'IN_TRANSIT', 'Forwarded to DHL Service Point, SEATTLE, WA - USA'),
      ev(at(3, '19:40'), 'IN_TRANSIT', 'Arrived at DHL Service Point, SEATTLE, WA - USA'),
      ev(at(2, '17:30'), 'IN_TRANSIT', 'Awaiting collection by recipient, SEATTLE, WA - USA'),
      ev(at(2, '22:15'), 'DELIVERED', 'Delivered: collected from DHL Service Point, signed for by M.CHEN'),
    ],
  },
};

/** The service's own order ids (12 letters/digits) and their trackings. */
export const ORDERS: Readonly<Record<string, readonly string[]>> = {
  [DEMO_TRACKINGS.orderIds.multiShipment]: [T.inTransit, T.outForDelivery, T.pending],
  [DEMO_TRACKINGS.orderIds.singleShipment]: [T.delivered],
  P3R8W5N2J6L4: [T.deliveryFailed],
};

/** Storefront orders, per store: external order number (without '#') → the service's order id. */
export const EXTERNAL_ORDERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'store-us-1': { '1001': DEMO_TRACKINGS.orderIds.multiShipment, '1002': 'P3R8W5N2J6L4' },
  'store-uk-1': { '1001': DEMO_TRACKINGS.orderIds.singleShipment },
};
