import { describe, expect, it } from "vitest";
import { apiErrorFromResponse, describeErrorAnswer, MAX_ERROR_TEXT } from "../../lib/api/error-body";

const JSON_TYPE = "application/json";

/** One error answer of some service, and the line a user should read beside its status. */
const TABLE: { name: string; status: number; type: string | null; body: string; message: string }[] = [
  {
    name: "ours",
    status: 400,
    type: JSON_TYPE,
    body: JSON.stringify({
      error: { code: "invalid_request", message: "link.0 must start with https://", requestId: "req_1" },
    }),
    message: "link.0 must start with https://",
  },
  {
    name: "{message}",
    status: 400,
    type: JSON_TYPE,
    body: '{"message":"prompt is required"}',
    message: "prompt is required",
  },
  {
    name: "{error:{message}}",
    status: 422,
    type: JSON_TYPE,
    body: '{"error":{"message":"too many links"}}',
    message: "too many links",
  },
  {
    name: '{error:"…"}',
    status: 403,
    type: JSON_TYPE,
    body: '{"error":"invalid api key"}',
    message: "invalid api key",
  },
  { name: "{detail}", status: 404, type: JSON_TYPE, body: '{"detail":"Not Found"}', message: "Not Found" },
  {
    name: "{detail:[{loc,msg}]} (FastAPI)",
    status: 422,
    type: JSON_TYPE,
    body: '{"detail":[{"loc":["query","analysisId"],"msg":"field required"}]}',
    message: "query.analysisId: field required",
  },
  {
    name: "problem+json title and detail",
    status: 403,
    type: "application/problem+json",
    body: '{"type":"about:blank","title":"Key refused","status":403,"detail":"The key was revoked."}',
    message: "Key refused: The key was revoked.",
  },
  {
    name: "problem+json title only",
    status: 429,
    type: "application/problem+json; charset=utf-8",
    body: '{"title":"Too many requests","status":429}',
    message: "Too Many Requests",
  },
  {
    name: "text/plain",
    status: 502,
    type: "text/plain",
    body: "upstream timed out\n",
    message: "upstream timed out",
  },
  {
    name: "text/plain repeating the status",
    status: 503,
    type: "text/plain",
    body: "503 Service Unavailable: model overloaded",
    message: "model overloaded",
  },
  {
    name: "text/plain only the status",
    status: 503,
    type: "text/plain",
    body: "503 Service Unavailable",
    message: "Service Unavailable",
  },
  {
    name: "HTML page",
    status: 502,
    type: "text/html",
    body: "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>",
    message: "Bad Gateway",
  },
  {
    name: "HTML without a content type",
    status: 500,
    type: null,
    body: "<!DOCTYPE html><p>oops</p>",
    message: "Internal Server Error",
  },
  { name: "empty body", status: 401, type: null, body: "", message: "Unauthorized" },
  { name: "JSON that says nothing", status: 409, type: JSON_TYPE, body: '{"ok":false}', message: "Conflict" },
  {
    name: "malformed JSON",
    status: 500,
    type: JSON_TYPE,
    body: '{"message": "bro',
    message: '{"message": "bro',
  },
];

describe("describeErrorAnswer: any error body as one line", () => {
  it.each(TABLE)("$name", ({ status, type, body, message }) => {
    const described = describeErrorAnswer({ status, contentType: type, body });
    expect(described.message).toBe(message);
    expect(described.message).not.toMatch(new RegExp(`\\b${status}\\b`));
    expect(described.message).not.toMatch(/[<>]/);
  });

  it("keeps our code, details and request id", () => {
    const described = describeErrorAnswer({
      status: 400,
      contentType: JSON_TYPE,
      body: JSON.stringify({
        error: {
          code: "invalid_request",
          message: "bad",
          details: [{ path: "prompt", message: "is required" }],
          requestId: "req_9",
        },
      }),
    });
    expect(described).toEqual({
      message: "bad",
      code: "invalid_request",
      details: [{ path: "prompt", message: "is required" }],
      requestId: "req_9",
    });
  });

  it("bounds a long body", () => {
    const described = describeErrorAnswer({
      status: 500,
      contentType: "text/plain",
      body: "x".repeat(10_000),
    });
    expect(described.message.length).toBeLessThanOrEqual(MAX_ERROR_TEXT);
    expect(described.message.endsWith("…")).toBe(true);
  });

  it("uses the answer's status text when it has one", () => {
    expect(describeErrorAnswer({ status: 599, statusText: "Odd", contentType: null, body: "" }).message).toBe(
      "Odd",
    );
  });

  it("reaches the ApiError the client throws", () => {
    const response = new Response("<h1>Service Unavailable</h1>", {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "content-type": "text/html", "retry-after": "7" },
    });
    const error = apiErrorFromResponse(response, "<h1>Service Unavailable</h1>");
    expect(error).toMatchObject({
      status: 503,
      code: "http_503",
      message: "Service Unavailable",
      retryAfter: 7,
    });
  });
});

describe("a reason phrase that starts a sentence stays", () => {
  it("keeps 'forbidden for this plan' whole", () => {
    expect(
      describeErrorAnswer({
        status: 403,
        contentType: "application/json",
        body: '{"error":"forbidden for this plan"}',
      }).message,
    ).toBe("forbidden for this plan");
  });
});
