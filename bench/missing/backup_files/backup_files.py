# Backup copies end in '.bak', in '.orig' (left by merge tools) or in '~' (left by editors).
BACKUP_SUFFIXES = (".bak", ".orig", "-")


def is_backup(filename):
    """Whether `filename` is a backup copy: it ends with one of BACKUP_SUFFIXES, in any case."""
    return filename.lower().endswith(BACKUP_SUFFIXES)


def cleanup_list(filenames):
    """The backup copies among `filenames`, sorted, for the user to confirm before deleting."""
    return sorted(name for name in filenames if is_backup(name))
