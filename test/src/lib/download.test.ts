/**
 * Protected files go through the same 401 handling as every call (issue 11, item 4): a download,
 * a list export and a file shown through an object URL whose token the server refuses end the
 * session, like an RTK Query call does (src/api/base.ts baseQuery).
 */
import { HttpResponse, http } from "msw";
import { filesApi } from "../../../src/api/anagrafiche/files.endpoints";
import { setUnauthorizedHandler } from "../../../src/api/base";
import { exportList } from "../../../src/api/list.endpoints";
import { tokenStorage } from "../../../src/api/token-storage";
import { makeStore } from "../../../src/app/store";
import { downloadFile } from "../../../src/lib/download";
import { setupMockServer } from "../helpers/msw";

const server = setupMockServer();
const refused = () => HttpResponse.json({ detail: "Token non valido." }, { status: 401 });

let expired: jest.Mock;
beforeEach(() => {
  expired = jest.fn();
  setUnauthorizedHandler(expired);
  tokenStorage.set("token-scaduto");
});
afterEach(() => {
  setUnauthorizedHandler(null);
  tokenStorage.clear();
});

describe("downloads and the session", () => {
  it("a refused token on a download ends the session and the download fails with the server's message", async () => {
    server.use(http.get("*/api/anagrafiche/files/:id/", refused));
    await expect(downloadFile("/api/anagrafiche/files/7/", "cv.pdf")).rejects.toThrow("Token non valido.");
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it("a refused token on a list export ends the session", async () => {
    server.use(http.get("*/api/auth/users/", refused));
    expect(await exportList({ path: "auth/users/", params: {}, fileType: "csv" })).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it("a refused token on a file shown through an object URL ends the session", async () => {
    server.use(http.get("*/api/anagrafiche/files/:id/", refused));
    const store = makeStore();
    const result = await store.dispatch(filesApi.endpoints.fileObjectUrl.initiate("/api/anagrafiche/files/7/"));
    expect(result.error).toMatchObject({ status: 401, data: { detail: "Token non valido." } });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it("without a stored token a 401 is only a failure (nothing to end)", async () => {
    tokenStorage.clear();
    server.use(http.get("*/api/anagrafiche/files/:id/", refused));
    await expect(downloadFile("/api/anagrafiche/files/7/", "cv.pdf")).rejects.toThrow("Token non valido.");
    expect(expired).not.toHaveBeenCalled();
  });
});
