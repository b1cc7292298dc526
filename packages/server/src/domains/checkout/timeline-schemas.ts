/** Request and response schemas of an order's timeline and notes (merchant only; issue #20). */
import { z } from 'zod';

/** Who made a change: the event identity (spec §3 "Event identity type"). */
const Who = z.object({
  identityType: z.string(),
  anonymousVisitorId: z.string().optional(),
  memberId: z.string().optional(),
  wixUserId: z.string().optional(),
  appId: z.string().optional(),
});

const WireOrderActivitySchema = z.object({
  id: z.string(),
  kind: z.string(),
  who: Who,
  createdDate: z.string(),
  detail: z.record(z.string(), z.unknown()),
  note: z.string().optional(),
  removed: z.object({ removedDate: z.string(), who: Who }).optional(),
});

/** An entry of the timeline as the wire carries it. */
export type WireOrderActivity = z.infer<typeof WireOrderActivitySchema>;

export const ListOrderActivitiesResponse = z.object({ activities: z.array(WireOrderActivitySchema) });
export const OrderActivityResponse = z.object({ activity: WireOrderActivitySchema });

/** A note: visible text, at most 5,000 characters. */
export const AddOrderNoteBody = z.strictObject({
  id: z.string().max(200).optional(),
  note: z.strictObject({
    text: z.string().trim().min(1, 'Write the note').max(5000, 'A note holds at most 5000 characters'),
  }),
});

export const OrderNoteParams = z.object({ id: z.string().max(200), noteId: z.string().max(200) });
