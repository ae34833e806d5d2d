import type { AlreadyRegistered } from "../../../shared/api-types";

/** The 409 of a person already registered: it names neither the registration's code nor its id. */
export function isAlreadyRegistered(body: unknown): body is AlreadyRegistered {
  const b = body as Partial<AlreadyRegistered> | null;
  return typeof b?.error === "string" && b.ja_inscrita === true;
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
