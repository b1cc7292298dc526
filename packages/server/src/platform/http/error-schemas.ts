import { z } from 'zod';

/** The wire body of an application error (for route response schemas and the OpenAPI document). */
export const ApplicationErrorResponse = z.object({
  message: z.string(),
  details: z.object({
    applicationError: z.object({ description: z.string(), code: z.string(), data: z.record(z.string(), z.unknown()) }),
  }),
});

/** The wire body of a validation error (HTTP 400). */
export const ValidationErrorResponse = z.object({
  message: z.string(),
  details: z.object({
    validationError: z.object({
      fieldViolations: z.array(
        z.object({
          field: z.string(),
          description: z.string(),
          violatedRule: z.string(),
          data: z.record(z.string(), z.unknown()).optional(),
        }),
      ),
    }),
  }),
});

/** The error answers of a merchant route that refuses a bad request, a missing or wrong caller, an unknown thing and a conflict, by status. */
export const MerchantErrorResponses = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
  404: ApplicationErrorResponse,
  409: ApplicationErrorResponse,
};
