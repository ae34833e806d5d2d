import "./dashboard.css";
import { StrokeIcon } from "../../components/stroke-icon";
import type { SessionUser } from "../../../shared/team";
import { dateTimeIn } from "../../../shared/dates";
import { useAppConfig } from "../../lib/app-config";
import { Link } from "../../lib/router";

interface Props {
  devMode: boolean;
  user: SessionUser | null;
  /** Opens "Alterar senha"; absent for the principal account, whose password is the server's. */
  onChangePassword?: () => void;
  total: number | null;
  updatedAt: Date | null;
  refreshing: boolean;
  onRefresh: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

export function DashboardHeader({
  devMode,
  user,
  onChangePassword,
  total,
  updatedAt,
  refreshing,
  onRefresh,
  onLogout,
  loggingOut,
}: Props) {
  const coordination = user?.papel !== "equipe";
  const { timeZone, travelAuthorization } = useAppConfig();
  return (
    <header className="admin-header">
      <div className="admin-header-inner">
        <div className="admin-header-text">
          <h1>Painel Administrativo</h1>
          {devMode && import.meta.env.DEV && <span className="admin-dev-badge">Modo Desenvolvimento (Mock)</span>}
          {user && <p className="admin-header-user">Conectado como {user.nome}</p>}
          <p className="admin-header-meta">
            <span>
              Total de registros: <strong>{total ?? "—"}</strong>
            </span>
            <span>Última atualização: {updatedAt ? dateTimeIn(updatedAt, timeZone) : "—"}</span>
          </p>
        </div>
        <div className="admin-header-actions">
          <Link href="/admin/embarque" className="admin-btn admin-btn-outline">
            <BusIcon />
            Embarque
          </Link>
          <Link href="/admin/financeiro" className="admin-btn admin-btn-outline">
            Financeiro
          </Link>
          <Link href="/admin/mensagens" className="admin-btn admin-btn-outline">
            Mensagens
          </Link>
          {coordination && (
            <>
              <Link href="/admin/equipe" className="admin-btn admin-btn-outline">
                Equipe
              </Link>
              <Link href="/admin/atividade" className="admin-btn admin-btn-outline">
                Atividade
              </Link>
              <Link href="/admin/configuracoes" className="admin-btn admin-btn-outline">
                Configurações
              </Link>
              <Link href="/admin/edicoes" className="admin-btn admin-btn-outline">
                Edições
              </Link>
              {travelAuthorization && (
                <Link href="/admin/autorizacoes" className="admin-btn admin-btn-outline">
                  Autorizações
                </Link>
              )}
            </>
          )}
          {onChangePassword && (
            <button type="button" className="admin-btn admin-btn-outline" onClick={onChangePassword}>
              Alterar senha
            </button>
          )}
          <button
            type="button"
            className="admin-btn admin-btn-outline"
            onClick={onRefresh}
            disabled={refreshing}
            aria-busy={refreshing}
          >
            <RefreshIcon spinning={refreshing} />
            Atualizar
          </button>
          <button type="button" className="admin-btn admin-btn-outline" onClick={onLogout} disabled={loggingOut}>
            <LogoutIcon />
            Sair
          </button>
        </div>
      </div>
    </header>
  );
}

export function RefreshIcon({ spinning = false }: { spinning?: boolean }) {
  return (
    <StrokeIcon className={spinning ? "admin-icon-spin" : undefined}>
      <path d="M21 12a9 9 0 1 1-2.64-6.36" />
      <path d="M21 3v6h-6" />
    </StrokeIcon>
  );
}

function LogoutIcon() {
  return (
    <StrokeIcon>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5" />
      <path d="M21 12H9" />
    </StrokeIcon>
  );
}

function BusIcon() {
  return (
    <StrokeIcon>
      <rect x="4" y="3" width="16" height="15" rx="2" />
      <path d="M4 11h16M8 21v-3M16 21v-3" />
    </StrokeIcon>
  );
}
