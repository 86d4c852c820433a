/**
 * Interface A's answer as the checkpoints simulator writes it (seed 2.1), with every field the sandbox's tests
 * read (src's schema reads it leniently, every field optional; these tests check the simulator wrote them all).
 * On a refusal the answer carries only its `error`.
 */
export interface CheckpointsAnswer {
  header: WireShipment[];
  body: Record<string, WireCheckpoint[]>;
  error?: string;
}

export interface WireShipment {
  id: string;
  tracking_number: string;
  courier: { name: string; prettyname: string; trackingurl: string; trackingurl_label: string };
  last_delivery_status: { code: string; status: string; status_details: string };
  delay: boolean;
  exception: boolean;
}

export interface WireCheckpoint {
  status: string;
  status_text: string;
  status_details: string;
  full_courier_status: string;
  location: string;
  shown: boolean;
  timestamp: string;
}
