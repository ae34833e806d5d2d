import "./event-header.css";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>© 2025 Juventude Católica VG</p>
    </footer>
  );
}
