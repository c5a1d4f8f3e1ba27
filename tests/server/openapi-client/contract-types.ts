/**
 * The types generated from the service's OpenAPI document (openapi-types.ts) against the contract's zod types
 * the extension uses, checked by the compiler (`npm run typecheck`): a request the extension can build fits the
 * document, and a response the document describes is one the extension's types accept. A drift between the two
 * is a type error here.
 */
import type { z } from "zod";
import type {
  AnalysisRecord,
  AnalyzeRequest,
  AnalyzeResponse,
  ErrorBody,
  Metadata,
  PartialAnalysisRecord,
  RecordField,
  RelatedParams,
  UpdateAnalysisRequest,
} from "../../../lib/api/contract";
import type { components, operations, paths } from "./openapi-types";

type Schemas = components["schemas"];

/** `true` when every `From` is a `To`. */
type Fits<From, To> = [From] extends [To] ? true : false;
/** `true` when each is the other. */
type Same<A, B> = [Fits<A, B>, Fits<B, A>] extends [true, true] ? true : false;
/** A compile-time assertion: `Holds<X>` is an error unless `X` is `true`. */
type Holds<X extends true> = X;

/** What the extension sends fits what the document allows. */
export type Requests = [
  Holds<Fits<z.input<typeof AnalyzeRequest>, Schemas["AnalyzeRequest"]>>,
  Holds<Fits<z.input<typeof UpdateAnalysisRequest>, Schemas["UpdateAnalysisRequest"]>>,
  Holds<Same<z.input<typeof Metadata>, Schemas["Metadata"]>>,
  Holds<Same<Omit<z.input<typeof UpdateAnalysisRequest>, never>, Schemas["UpdateAnalysisRequest"]>>,
];

type RelatedQuery = NonNullable<operations["relatedAnalyses"]["parameters"]["query"]>;

/**
 * The related list's parameters, typed as the extension types them, are the document's. The filters travel
 * JSON-encoded (`content: application/json`), which openapi-typescript types as the string on the wire; their
 * value is the `Filter` schema.
 */
export type RelatedParameters = [
  Holds<Same<RelatedParams["analysisId"], RelatedQuery["analysisId"]>>,
  Holds<Same<RelatedParams["pageNum"], RelatedQuery["pageNum"]>>,
  Holds<Same<RelatedParams["pageSize"], RelatedQuery["pageSize"]>>,
  Holds<Same<RelatedParams["selectFields"], RelatedQuery["selectFields"]>>,
  Holds<Same<RecordField[], NonNullable<RelatedQuery["selectFields"]>>>,
  Holds<Same<NonNullable<RelatedParams["jsonContent"]>, Schemas["Filter"]>>,
  Holds<Same<NonNullable<RelatedParams["metadata"]>, Schemas["Filter"]>>,
  Holds<Same<RelatedQuery["jsonContent"], string | undefined>>,
];

/** What the document says the service answers is what the extension's types accept. */
export type Responses = [
  Holds<Fits<Schemas["AnalyzeResponse"], z.output<typeof AnalyzeResponse>>>,
  Holds<Fits<Schemas["AnalysisRecord"], z.output<typeof AnalysisRecord>>>,
  Holds<Fits<Schemas["PartialAnalysisRecord"], z.output<typeof PartialAnalysisRecord>>>,
  Holds<Fits<Schemas["ErrorBody"], z.output<typeof ErrorBody>>>,
  Holds<Same<Schemas["AnalysisRecord"], z.output<typeof AnalysisRecord>>>,
];

/** Each operation answers the contract's types under the statuses the client reads. */
type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: { [K in S]: { content: { "application/json": infer B } } };
}
  ? B
  : never;

export type Operations = [
  Holds<Fits<Json<"/v1/links", "post", 200>, z.output<typeof AnalyzeResponse>>>,
  Holds<Fits<Json<"/v1/analyses", "get", 200>, z.output<typeof AnalysisRecord>>>,
  Holds<Fits<Json<"/v1/analyses", "post", 200>, z.output<typeof AnalysisRecord>>>,
  Holds<Fits<Json<"/v1/analyses/related", "get", 200>, z.output<typeof PartialAnalysisRecord>[]>>,
  Holds<Fits<Json<"/v1/analyses", "post", 412>, z.output<typeof ErrorBody>>>,
];
