/** A campaign whose every message was handed over: the owner's, its title and how many it reached. */
export interface CampaignSent {
  ownerId: number;
  campaignId: number;
  title: string;
  sent: number;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Notified once, when the campaign turns sent. */
    'marketing.sent': CampaignSent;
  }
}
