import typer

app = typer.Typer()


@app.command()
def main() -> None:
    print("ok")
