/**
 * The parcel carriers a fulfilment can name, with the page where a buyer follows a parcel
 * (`{trackingNumber}` is replaced by the number, URL-encoded). `OTHER` is any other carrier: the
 * merchant gives the tracking URL (https) itself. Data, shared by the server (which makes the links)
 * and the console (which lists the carriers).
 */

/** A carrier a fulfilment names. */
export const CarrierCode = {
  UPS: 'UPS',
  FEDEX: 'FEDEX',
  USPS: 'USPS',
  DHL_EXPRESS: 'DHL_EXPRESS',
  DHL_PARCEL: 'DHL_PARCEL',
  DPD: 'DPD',
  GLS: 'GLS',
  ROYAL_MAIL: 'ROYAL_MAIL',
  CANADA_POST: 'CANADA_POST',
  AUSTRALIA_POST: 'AUSTRALIA_POST',
  POSTNL: 'POSTNL',
  COLISSIMO: 'COLISSIMO',
  OTHER: 'OTHER',
} as const;
/** A carrier a fulfilment names. */
export type CarrierCode = (typeof CarrierCode)[keyof typeof CarrierCode];

/** A known carrier: its name and its tracking page (https, with `{trackingNumber}`). */
export interface Carrier {
  code: Exclude<CarrierCode, 'OTHER'>;
  name: string;
  trackingUrlTemplate: `https://${string}{trackingNumber}${string}`;
}

/** The known carriers, in the order the console lists them. */
export const SHIPPING_CARRIERS: readonly Carrier[] = [
  { code: 'UPS', name: 'UPS', trackingUrlTemplate: 'https://www.ups.com/track?tracknum={trackingNumber}' },
  { code: 'FEDEX', name: 'FedEx', trackingUrlTemplate: 'https://www.fedex.com/fedextrack/?trknbr={trackingNumber}' },
  { code: 'USPS', name: 'USPS', trackingUrlTemplate: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={trackingNumber}' },
  {
    code: 'DHL_EXPRESS',
    name: 'DHL Express',
    trackingUrlTemplate: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={trackingNumber}',
  },
  {
    code: 'DHL_PARCEL',
    name: 'DHL Parcel',
    trackingUrlTemplate: 'https://www.dhl.de/en/privatkunden/pakete-empfangen/verfolgen.html?piececode={trackingNumber}',
  },
  { code: 'DPD', name: 'DPD', trackingUrlTemplate: 'https://tracking.dpd.de/status/en_US/parcel/{trackingNumber}' },
  { code: 'GLS', name: 'GLS', trackingUrlTemplate: 'https://gls-group.com/GROUP/en/parcel-tracking?match={trackingNumber}' },
  {
    code: 'ROYAL_MAIL',
    name: 'Royal Mail',
    trackingUrlTemplate: 'https://www.royalmail.com/track-your-item#/tracking-results/{trackingNumber}',
  },
  {
    code: 'CANADA_POST',
    name: 'Canada Post',
    trackingUrlTemplate: 'https://www.canadapost-postescanada.ca/track-reperage/en#/details/{trackingNumber}',
  },
  { code: 'AUSTRALIA_POST', name: 'Australia Post', trackingUrlTemplate: 'https://auspost.com.au/mypost/track/details/{trackingNumber}' },
  { code: 'POSTNL', name: 'PostNL', trackingUrlTemplate: 'https://jouw.postnl.nl/track-and-trace/{trackingNumber}' },
  {
    code: 'COLISSIMO',
    name: 'La Poste / Colissimo',
    trackingUrlTemplate: 'https://www.laposte.fr/outils/suivre-vos-envois?code={trackingNumber}',
  },
];
