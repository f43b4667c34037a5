import { z } from 'zod'

/** The consent form (the banner's and the cookie settings page's): a button names the choice; checkboxes only count with `save`. */
export const ConsentForm = z.object({
  choice: z.enum(['acceptAll', 'rejectAll', 'save']),
  analytics: z.literal('on').optional(),
  marketing: z.literal('on').optional(),
  return: z.string().max(2048).optional(),
})
