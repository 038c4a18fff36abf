"""The production stack on one machine: nginx in front of the server processes, Celery
workers and beat, on the PostgreSQL and Redis the environment names (docs/deploy.md).

Run from the repository root (``make stack``)::

    .venv/bin/python deploy/stack.py [--port 8080] [--web 2] [--workers 2] [--rest wsgi|asgi]
                                     [--no-table-queues] [--run-dir run] [--no-prepare]

It writes ``nginx.conf`` from ``deploy/nginx.conf.template`` into the run directory,
migrates the database and collects the static files (unless ``--no-prepare``), then
becomes ``honcho start`` over the ``Procfile``: ``--web`` uvicorn processes for the
sockets, ``--rest-processes`` gunicorn processes for REST beside them (with ``--rest asgi``
none: the uvicorn processes serve REST too), ``--workers`` Celery workers (each with a table
queue of its own unless ``--no-table-queues``: docs/deploy.md), one beat and nginx on ``--port``.
Ctrl-C stops everything.

The environment names the services and the secret, as for any production process
(docs/settings.md): ``DATABASE_URL``, ``REDIS_URL``, ``CELERY_BROKER_URL``,
``DJANGO_SECRET_KEY``. nginx is the one proxy, so ``DURAK_NUM_PROXIES`` defaults to 1 and
``DURAK_FORWARDED_ALLOW_IPS`` to the loopback it connects from.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
NGINX = os.environ.get("DURAK_NGINX", "/usr/sbin/nginx")
# honcho numbers ports from its base, 100 per Procfile line it runs, in the file's order, one
# per process of a line: web.1 = base, web.2 = base + 1, then rest.1 = base + 100, ...
PROCFILE_ORDER = ("web", "rest", "worker", "beat", "nginx")


def process_ports(base: int, kind: str, count: int, lines: list[str]) -> list[int]:
    """The ports honcho gives the ``count`` processes of the Procfile line ``kind``
    when it runs the lines ``lines``."""
    return [base + 100 * lines.index(kind) + number for number in range(count)]


def fill(template: str, **fields: object) -> str:
    """``template`` with each ``${name}`` replaced (nginx's own ``$variables`` stay)."""
    for name, value in fields.items():
        template = template.replace("${" + name + "}", str(value))
    if "${" in template:
        raise ValueError(f"{TEMPLATE} has a field nobody fills: {template[template.index('${'):][:40]}")
    return template


def nginx_conf(*, run_dir: Path, listen: str, web_ports: list[int], rest_ports: list[int],
               static_root: Path, access_log: bool = False, nginx_workers: int = 1) -> str:
    """The template filled in. REST goes to ``rest_ports`` (gunicorn) or, if there are
    none, to the uvicorn processes that serve the sockets."""
    def servers(ports: list[int]) -> str:
        # max_fails=0: a dead process is skipped per connection (it is refused at once) but
        # never sidelined for a while, so a respawned process takes its share again at once.
        return "\n".join(f"        server 127.0.0.1:{port} max_fails=0;" for port in ports)

    user_line = "user root;" if os.geteuid() == 0 else "# (nginx runs as the user who starts it)"
    return fill(
        TEMPLATE.read_text(),
        user_line=user_line,
        nginx_workers=nginx_workers,
        run_dir=run_dir,
        access_log=f"{run_dir}/nginx-access.log" if access_log else "off",
        listen=listen,
        socket_servers=servers(web_ports),
        rest_servers=servers(rest_ports or web_ports),
        rest_kind="gunicorn (WSGI)" if rest_ports else "the same ASGI processes",
        static_root=static_root,
    )


def write_nginx_conf(run_dir: Path, text: str) -> Path:
    for folder in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (run_dir / "nginx-temp" / folder).mkdir(parents=True, exist_ok=True)
    path = run_dir / "nginx.conf"
    path.write_text(text)
    checked = subprocess.run([NGINX, "-t", "-q", "-c", str(path), "-e", str(run_dir / "nginx-error.log")],
                             capture_output=True, text=True)
    if checked.returncode != 0:
        raise SystemExit(f"nginx refused {path}:\n{checked.stderr}")
    return path


def stack_env(run_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "durak_platform.settings.production")
    env.setdefault("DURAK_NUM_PROXIES", "1")
    env.setdefault("DURAK_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
    # A computer turn lost with a killed worker is found by beat's sweep within seconds.
    env.setdefault("DURAK_AI_SWEEP_EVERY", "2")
    env.setdefault("DURAK_AI_STALLED_AFTER", "5")
    env["DURAK_RUN_DIR"] = str(run_dir)
    env.pop("PORT", None)  # honcho would take it for its base port
    env.setdefault("VENV", sys.prefix)
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("DURAK_STACK_PORT", "8080")),
                        help="nginx listens here (127.0.0.1)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--base-port", type=int, default=0,
                        help="honcho's first port (default: --port + 100)")
    parser.add_argument("--web", type=int, default=2, help="uvicorn processes (sockets; REST with --rest asgi)")
    parser.add_argument("--rest", choices=["asgi", "wsgi"], default="wsgi",
                        help="who serves REST: gunicorn processes beside the socket ones (the default: "
                             "docs/deploy.md says why), or the uvicorn processes themselves")
    parser.add_argument("--rest-processes", type=int, default=2, help="gunicorn processes with --rest wsgi")
    parser.add_argument("--workers", type=int, default=2, help="Celery workers (each DURAK_WORKER_CONCURRENCY)")
    parser.add_argument("--table-queues", action=argparse.BooleanOptionalAction, default=True,
                        help="each worker also consumes a table queue of its own, and each game's computer turns "
                             "go to one of them (DURAK_TABLE_QUEUES = --workers; docs/deploy.md); on by default")
    parser.add_argument("--run-dir", type=Path, default=ROOT / "run")
    parser.add_argument("--access-log", action="store_true", help="nginx's access log in the run directory")
    parser.add_argument("--no-prepare", action="store_true", help="skip migrate and collectstatic")
    args = parser.parse_args(argv)

    run_dir = args.run_dir.resolve()
    run_dir.mkdir(parents=True, exist_ok=True)
    env = stack_env(run_dir)
    if not env.get("DJANGO_SECRET_KEY"):
        raise SystemExit("Set DJANGO_SECRET_KEY (and DATABASE_URL, REDIS_URL, CELERY_BROKER_URL): docs/deploy.md.")
    if args.table_queues:
        env["DURAK_TABLE_QUEUES"] = str(args.workers)
    base = args.base_port or args.port + 100
    rest_count = args.rest_processes if args.rest == "wsgi" else 0
    python = sys.executable
    if not args.no_prepare:
        subprocess.run([python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        subprocess.run([python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    static_root = Path(env.get("DJANGO_STATIC_ROOT", str(ROOT / "staticfiles")))
    # Only the Procfile's lines in use (without gunicorn, no "rest" line runs at all).
    lines = [name for name in PROCFILE_ORDER if name != "rest" or rest_count]
    conf = nginx_conf(run_dir=run_dir, listen=f"{args.host}:{args.port}",
                      web_ports=process_ports(base, "web", args.web, lines),
                      rest_ports=process_ports(base, "rest", rest_count, lines) if rest_count else [],
                      static_root=static_root, access_log=args.access_log)
    write_nginx_conf(run_dir, conf)
    honcho = shutil.which("honcho", path=str(Path(python).parent)) or "honcho"
    concurrency = f"web={args.web},rest={rest_count},worker={args.workers},beat=1,nginx=1"
    print(f"Дурак онлайн on http://{args.host}:{args.port}/ ({concurrency}; run directory {run_dir})",
          flush=True)
    os.chdir(ROOT)
    os.execvpe(honcho, [honcho, "start", "-f", str(ROOT / "Procfile"), "-d", str(ROOT), "-p", str(base),
                        "-c", concurrency, "--no-colour", *lines], env)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
