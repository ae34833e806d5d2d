import { Link } from "../../lib/router";

/** The way back for someone already registered: "Minha inscrição", from this phone or any other. */
export function MyRegistrationLink() {
  return (
    <p className="signup-mine">
      Já fez a inscrição? <Link href="/minha-inscricao">Ver minha inscrição</Link>
    </p>
  );
}
