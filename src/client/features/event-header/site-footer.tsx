import { useAppConfig } from "../../lib/app-config";
import "./event-header.css";

/** "© 2025 Juventude Católica VG": the year and the group from "Configurações". */
export function SiteFooter() {
  const { year, groupName } = useAppConfig();
  return (
    <footer className="site-footer">
      <p>
        © {year} {groupName}
      </p>
    </footer>
  );
}
