import { z } from 'zod';

/** Lost bags — the default configuration's dataset LUGGAGE (spec 2 §3 "Lost bag", §4.6, §7). */
/** The statuses the spec names; later states are added with the flows that set them. */
export const BAG_STATUSES = ['BAG_REPORTED_LOST', 'BAG_LOST'] as const;

export const bagAttachmentSchema = z
  .object({ attachmentId: z.uuid(), name: z.string(), url: z.string() })
  .meta({ id: 'BagAttachment' });

export const lostBagSchema = z
  .object({
    bagId: z.uuid(),
    userId: z.uuid(),
    partnerId: z.string(),
    status: z.enum(BAG_STATUSES),
    /** The airline's property irregularity report reference. */
    pir: z.string(),
    /** UTC. */
    reportedOn: z.iso.datetime(),
    /** YYYY-MM-DD HH:mm where the bag was reported. */
    reportedOnLocal: z.string(),
    /** The bag report image (one document), or null. */
    image: z.string().nullable(),
    attachments: z.array(bagAttachmentSchema),
  })
  .meta({ id: 'LostBag' });
export type LostBag = z.infer<typeof lostBagSchema>;
/** Newest report first. */
export const lostBagListSchema = z.array(lostBagSchema).meta({ id: 'LostBagList' });
