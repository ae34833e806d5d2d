import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { SessionState } from "../../../shared/admin-api";
import { LOGIN_MESSAGES } from "../../../shared/admin-api";
import { TIMINGS } from "../../../shared/constants";
import { dismissToasts, toast } from "../../lib/toast";
import { api, ApiError } from "../../lib/api";
import { markAuthenticated } from "../../lib/admin-session";
import "./login-card.css";

const LOGIN_ERROR = "Ocorreu um erro durante o login. Tente novamente.";
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function LoginCard() {
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const blank = password.trim().length === 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    try {
      const session = await api<SessionState>("/api/session", {
        method: "POST",
        json: login.trim() ? { login: login.trim(), password } : { password },
      });
      // Spec timings: the success toast after 300 ms, the dashboard 500 ms later.
      await wait(TIMINGS.loginDelay);
      // "Erro de autenticação" from a try before is stale now: it goes.
      dismissToasts("error");
      toast("success", "Login realizado com sucesso", "Bem-vindo ao painel administrativo.");
      await wait(TIMINGS.loginRedirect);
      markAuthenticated(session);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast(
          "error",
          "Erro de autenticação",
          login.trim() ? LOGIN_MESSAGES.wrongLoginOrPassword : LOGIN_MESSAGES.wrongPassword,
        );
      } else if (err instanceof ApiError && err.status === 429) {
        toast("error", "Erro de autenticação", err.message);
      } else {
        toast("error", "Erro de autenticação", LOGIN_ERROR);
      }
      if (mounted.current) {
        setBusy(false);
        inputRef.current?.select();
      }
    }
  }

  return (
    <main className="admin-login">
      <form className="admin-login-card" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <div className="admin-login-icon" aria-hidden="true">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="28"
            height="28"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </div>
        <h1 id={`${id}-title`}>Painel Administrativo</h1>
        <p className="admin-login-lead">Entre com sua senha de acesso</p>
        <label htmlFor={`${id}-login`} className="admin-login-label">
          Usuário
        </label>
        <input
          id={`${id}-login`}
          className="admin-login-user"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={login}
          maxLength={100}
          onChange={(e) => setLogin(e.target.value)}
          readOnly={busy}
          aria-describedby={`${id}-login-hint`}
        />
        <p id={`${id}-login-hint`} className="admin-login-hint">
          Coordenação: deixe em branco. Equipe: seu login ou seu nome.
        </p>
        <label htmlFor={`${id}-password`} className="admin-login-label">
          Senha
        </label>
        <div className="admin-login-field">
          <input
            ref={inputRef}
            id={`${id}-password`}
            type={visible ? "text" : "password"}
            autoComplete="current-password"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the password is the only thing this page asks for.
            autoFocus
            value={password}
            maxLength={200}
            onChange={(e) => setPassword(e.target.value)}
            readOnly={busy}
          />
          <button
            type="button"
            className="admin-login-reveal"
            aria-label={visible ? "Ocultar senha" : "Mostrar senha"}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Ocultar" : "Mostrar"}
          </button>
        </div>
        <button
          type="submit"
          className="admin-btn admin-btn-primary admin-login-submit"
          disabled={blank || busy}
          aria-busy={busy}
        >
          {busy && <span className="admin-spinner" aria-hidden="true" />}
          Acessar Painel
        </button>
      </form>
    </main>
  );
}
