import type { AlreadyRegistered } from "../../../shared/api-types";

/** The 409 of a person already registered carries their registration's id, and neither its code nor its secret. */
export function isAlreadyRegistered(body: unknown): body is AlreadyRegistered {
  const b = body as Partial<AlreadyRegistered> | null;
  return (
    typeof b?.error === "string" &&
    typeof b.inscricao === "object" &&
    b.inscricao !== null &&
    typeof b.inscricao.id === "string"
  );
}

interface AlreadyRegisteredNoticeProps {
  message: string;
  onShow: () => void;
}

/** In place of a second registration: who is already in, and the way to "Minha inscrição". */
export function AlreadyRegisteredNotice({ message, onShow }: AlreadyRegisteredNoticeProps) {
  return (
    <div className="signup-already" role="alert">
      <p className="signup-already-title">Esta pessoa já está inscrita</p>
      <p>{message}</p>
      <button type="button" className="v-btn v-btn-primary signup-already-show" onClick={onShow}>
        Ver minha inscrição
      </button>
    </div>
  );
}
