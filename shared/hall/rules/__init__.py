"""The hall's rules: who may play, work or serve (people), licence terms (licensing) and the kinds of
organization that may sponsor charitable gaming. Pure."""
