import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { describeJobError } from "../../components/popup/describe-job-error";
import { useEnglishMessages } from "./helpers/english-messages";

const baseUrl = "https://analysis.example.com";
const now = 1_000_000;

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("describeJobError", () => {
  it("401: the key was refused, the fix is in the settings", () => {
    expect(
      describeJobError({ status: 401, code: "unauthorized", message: "invalid key" }, { baseUrl, now }),
    ).toEqual({
      message: "The service refused the API key (401).",
      hint: "Check the API key in the settings.",
      showOptions: true,
    });
  });

  it("403 is a refused key too (a service may answer either), with the settings offered", () => {
    expect(
      describeJobError({ status: 403, code: "http_403", message: "Forbidden" }, { baseUrl, now }),
    ).toEqual({
      message: "The service refused the API key (403).",
      hint: "Check the API key in the settings.",
      showOptions: true,
    });
  });

  it("402: out of credits, with the request id", () => {
    const view = describeJobError(
      { status: 402, code: "insufficient_credits", message: "no credits", requestId: "req_1" },
      { baseUrl, now },
    );
    expect(view.message).toMatch(/out of credits \(402\)/);
    expect(view.requestId).toBe("req_1");
  });

  it("429 waiting to retry: a countdown in whole seconds", () => {
    const error = { status: 429, code: "rate_limited", message: "slow down", retryAfter: 12 };
    expect(describeJobError(error, { baseUrl, now, retryAt: now + 11_200 }).message).toBe(
      "Rate limited, retrying in 12 s.",
    );
    expect(describeJobError(error, { baseUrl, now, retryAt: now - 5 }).message).toBe(
      "Rate limited, retrying now…",
    );
  });

  it("network failure: the service address it tried, and the retry when one is due", () => {
    const error = { status: 0, code: "network_error", message: "fetch failed" };
    expect(describeJobError(error, { baseUrl, now, retryAt: now + 9_000 })).toEqual({
      message: "Can't reach https://analysis.example.com.",
      hint: "Check that the service is running and that its address in the settings is right.",
      retry: "Retrying in 9 s.",
      showOptions: true,
    });
    expect(describeJobError({ ...error, code: "timeout" }, { baseUrl, now }).message).toBe(
      "https://analysis.example.com did not answer in time.",
    );
  });

  it("anything else: the status, the service's message and the request id", () => {
    expect(
      describeJobError(
        { status: 422, code: "unprocessable", message: "the page could not be fetched", requestId: "req_9" },
        { baseUrl, now },
      ),
    ).toEqual({
      message: "Error 422: the page could not be fetched",
      requestId: "req_9",
      showOptions: false,
    });
    expect(
      describeJobError(
        { status: 0, code: "invalid_request", message: "prompt must not be empty" },
        { baseUrl, now },
      ).message,
    ).toBe("prompt must not be empty");
  });
});
