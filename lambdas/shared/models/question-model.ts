// Questions before hiring as the lead stores them, under `questions` (issue 40): the text as
// typed, masked on every way out (lead-questions.ts), and which offer asked, never shown to haulers.
import * as z from 'zod/mini';

export const storedQuestionSchema = z.object({
  /** 1, 2, …: the answer names it. */
  number: z.number(),
  /** The offer whose link asked (`offers[offer]`), and its hauler. */
  offer: z.number(),
  haulerId: z.string(),
  text: z.string(),
  at: z.string(),
  answer: z.optional(z.object({ text: z.string(), at: z.string() })),
});
export type StoredQuestion = z.output<typeof storedQuestionSchema>;
