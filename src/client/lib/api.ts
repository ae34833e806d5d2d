export const NETWORK_ERROR = "Sem conexão com o servidor. Verifique sua internet e tente de novo.";
export const UNKNOWN_ERROR = "Erro desconhecido";

/** A failed call: `message` is the server's pt-BR text, ready for a toast. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The whole answer, for the few calls whose errors carry more than the message. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** fetch for our JSON API: throws ApiError with a message a person can read. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        Accept: "application/json",
        ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (res.status === 204) return undefined as T;
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const message = body && typeof body.error === "string" ? body.error : UNKNOWN_ERROR;
    throw new ApiError(res.status, message, body);
  }
  return body as T;
}
