"""Database clients read besides psql, mysql and sqlite3 (:mod:`.sql_programs` takes their
tables), and the options each reads SQL from, by its documented command line.

Attack class: ``pgcli -c 'DROP TABLE users'``, ``trino --execute ...``, ``beeline -e ...``,
``cqlsh -e ...``, ``snowsql -q ...``, ``bq query 'DELETE FROM ...'``, ``echo 'DROP TABLE
users;' | sqlplus -S u/p@db`` were allowed unasked: the programs were not known to run SQL.
Options (each tool's reference): pgcli ``-c|--command``, ``-f|--file``; vsql (Vertica)
``-c|--command``, ``-f|--file``; trino and presto ``--execute``, ``-f|--file``; beeline,
hive and spark-sql ``-e``, ``-f``, ``-i`` (an init file); impala-shell ``-q|--query``,
``-f|--query_file``; cqlsh ``-e|--execute``, ``-f|--file``; snowsql ``-q|--query``,
``-f|--filename``; ``snow sql`` ``-q|--query``, ``-f|--filename``; ``bq query SQL``;
sqlplus ``@FILE`` (and standard input); isql (SAP ASE) ``-i FILE``. Each reads SQL on its
standard input too. A client in :data:`CHECKED` given an option not known here is asked
(:func:`more_args`): it may name SQL or a file of it.

Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CLIENTS", "FILE_OPTIONS", "SUBCOMMANDS", "long_option", "more_args"]


def _f(words: str) -> frozenset[str]:
    return frozenset(words.split())


_PG = "-h --host -p --port -U --username -d --dbname"
_HIVE = "-f -i -d --define --hivevar --hiveconf --database"
_SPARK = ("--master --conf --name --jars --packages --driver-memory --executor-memory "
          "--num-executors --executor-cores --deploy-mode --properties-file --files --queue "
          "--total-executor-cores")  # fmt: skip
_TRINO = ("-f --file --server --catalog --schema --user --output-format --session --source "
          "--client-tags --client-info --access-token --extra-credential --timezone --path "
          "--role --encoding --truststore-path --keystore-path --http-proxy --socks-proxy")  # fmt: skip
_SNOW = "-f --filename -D --variable"
#: ``client: (options whose value is SQL, other options that take a value)``
CLIENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # (litecli, Python's SQLite client: -e/--execute runs SQL)
    "litecli": (_f("-e --execute"), _f("-D --database")),
    "pgcli": (_f("-c --command"), _f(f"{_PG} -u --user --pgclirc -f --file -D --dsn")),
    "vsql": (_f("-c --command"), _f(
        f"{_PG} -f --file -v --set --variable -o --output -w --password -B -k -K -m -P "
        "--pset -F --field-separator -R --record-separator -T")),
    "trino": (_f("--execute"), _f(_TRINO)),
    "presto": (_f("--execute"), _f(_TRINO)),
    "beeline": (_f("-e"), _f(f"{_HIVE} -u -n -p -w -a --property-file --outputformat "
                             "--silent --verbose --showHeader --incremental --force")),
    "hive": (_f("-e"), _f(_HIVE)),
    "spark-sql": (_f("-e"), _f(f"{_HIVE} {_SPARK}")),
    "impala-shell": (_f("-q --query"), _f(
        "-f --query_file -i --impalad -d --database -o --output_file --output_delimiter "
        "-u --user --var --config_file -s --kerberos_service_name -b --kerberos_host_fqdn "
        "--ca_cert --protocol")),
    "cqlsh": (_f("-e --execute"), _f(
        "-f --file -k --keyspace -u --username -p --password --cqlshrc --cqlversion "
        "--encoding --connect-timeout --request-timeout")),
    "snowsql": (_f("-q --query"), _f(
        f"{_SNOW} -a --accountname -u --username -d --dbname -s --schemaname -r --rolename "
        "-w --warehouse -h --host -p --port --region -m --mfa-passcode --config -o --option "
        "--authenticator --private-key-path --token")),
    "snow-sql": (_f("-q --query"), _f(
        f"{_SNOW} -c --connection --environment --database --schema --role --warehouse "
        "--account --user --password --host --port --format --env -p --project "
        "--authenticator")),
    "bq-query": (frozenset(), frozenset()),
    "sqlplus": (frozenset(), _f("-M -R -C")),
    "isql": (frozenset(), _f("-i -S -U -P -D -o -I")),
}  # fmt: skip
#: options whose value is a file of SQL the client runs
FILE_OPTIONS: dict[str, tuple[str, ...]] = {
    "pgcli": ("-f", "--file"), "vsql": ("-f", "--file"), "trino": ("-f", "--file"),
    "presto": ("-f", "--file"), "beeline": ("-f", "-i"), "hive": ("-f", "-i"),
    "spark-sql": ("-f", "-i"), "impala-shell": ("-f", "--query_file"),
    "cqlsh": ("-f", "--file"), "snowsql": ("-f", "--filename"),
    "snow-sql": ("-f", "--filename"), "isql": ("-i",),
}  # fmt: skip
#: clients run as a subcommand (``bq query SQL``, ``snow sql -q SQL``)
SUBCOMMANDS = {("bq", "query"): "bq-query", ("snow", "sql"): "snow-sql"}
#: options that take no value, per client checked for options not known here
_FLAGS = {
    "pgcli": _f("-W --password -w --no-password -v --version --help --single-connection "
                "-l --list --less-chatty --auto-vertical-output"),
    "vsql": _f("-a -e -E -q -n -s -S -A --no-align -b -H --html -t -i --timing -x -Q -X "
               "--no-vsqlrc -l --list -V --version --help -4 -6 -C -W"),
    "trino": _f("--debug --ignore-errors --password --progress --insecure "
                "--disable-compression --help -h --version"),
    "beeline": _f("--help -h"),
    "hive": _f("-S --silent -v --verbose -H --help"),
    "spark-sql": _f("-S --silent -v --verbose -H --help"),
    "impala-shell": _f("-B --delimited --print_header -c -k -l -V --verbose --quiet --ssl -h "
                       "--help -v --version --live_progress --live_summary -p "
                       "--show_profiles -r --refresh_after_connect"),
    "cqlsh": _f("-C --color --no-color --debug --ssl -h --help --version"),
    "snowsql": _f("-v --version -? --help --noup"),
    "snow-sql": _f("-i --stdin --retain-comments --single-transaction "
                   "--no-single-transaction --verbose --debug --silent "
                   "--temporary-connection --help -h"),
}  # fmt: skip
_FLAGS["presto"] = _FLAGS["trino"]
#: clients an option not known here is asked for
CHECKED = frozenset(_FLAGS)


def more_args(w: Any, prog: str, args: tuple[str, ...]) -> None:
    """What :func:`.sql_programs.sql_args` does not read of a client's command line: an
    option not known here (:data:`CHECKED`: asked), ``bq query``'s SQL words, sqlplus's
    ``@FILE`` (the SQL in a file this string wrote)."""
    from cordon.engine.shell_split import split
    from cordon.engine.sql_programs import _file_sql  # (imports this module)

    if prog == "bq-query":  # (bq query [FLAGS] SQL: absl flags, --name=value or --flag)
        for a in args:
            if not a.startswith("-"):
                w.sql(a)
        return
    if prog == "sqlplus":
        for a in args:
            if a.startswith("@") and (text := _file_sql(w, a.lstrip("@"), args)) is not None:
                w.sql(text)
        return
    if prog not in CHECKED:
        return
    sql_opts, value_opts = CLIENTS[prog]
    known = sql_opts | value_opts
    norm = tuple(long_option(a, sql_opts, value_opts) for a in args)
    for k, _ in split(norm, known)[1]:
        if k not in known and k not in _FLAGS[prog]:
            w.opaque(f"{prog} is given an option not known to cordon ({k}): it may run SQL")
            return


def long_option(a: str, sql_opts: frozenset[str], value_opts: frozenset[str]) -> str:
    """``a`` with a long option's name whole: getopt_long (psql), MySQL's my_getopt (which
    reads ``_`` as ``-``) and Boost's (clickhouse) take an unambiguous prefix for the name
    (``psql --comm=SQL``, ``mysql --exec=SQL``, ``--init_command=SQL``); a prefix of several
    is read as the SQL option when it is one of them (more is judged, never less). Attack
    class: a DROP given to ``--comm`` was read as no SQL."""
    if not a.startswith("--") or len(a) < 4:
        return a
    name, eq, value = a.partition("=")
    name = name.replace("_", "-").replace("--loose-", "--", 1)  # (my_getopt's --loose-X: --X)
    known = sql_opts | value_opts
    if name in known:
        return name + eq + value
    hits = sorted(k for k in known if k.startswith(name))
    if not hits:
        return a
    return next((h for h in hits if h in sql_opts), hits[0]) + eq + value
